package io.tunescope.workload.file;

import io.tunescope.engine.SqlDialect;
import io.tunescope.workload.mix.TransactionWorkload;
import io.tunescope.workload.mix.UserTransactions;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A workload file as a {@link TransactionWorkload}. One instance serves all users of a tenant, so that what they
 * share is shared: each sequence (no value given twice), each sample (read once, by the first user to start) and the
 * CSV rows.
 */
public final class FileWorkload implements TransactionWorkload {
    public static final String PREFIX = "file:";

    private final WorkloadFile file;
    private final Map<String, CsvTable> tables;
    private final Map<ParameterSpec.Sequence, AtomicLong> sequences = new IdentityHashMap<>();
    private final Map<ParameterSpec.Sample, Object[]> samples = new IdentityHashMap<>();

    public FileWorkload(WorkloadFileParser.Parsed parsed) {
        this.file = parsed.file();
        this.tables = parsed.tables();
        for (TransactionSpec t : file.transactions()) {
            for (ParameterSpec p : t.parameters().values()) {
                if (p instanceof ParameterSpec.Sequence s) {
                    sequences.put(s, new AtomicLong(s.start()));
                }
            }
        }
    }

    public WorkloadFile file() {
        return file;
    }

    @Override
    public List<io.tunescope.workload.mix.LoadPhase> phases() {
        return file.phases();
    }

    @Override
    public List<String> transactionNames() {
        return file.transactionNames();
    }

    @Override
    public UserTransactions forUser(int user, long seed, Connection connection, SqlDialect dialect)
            throws SQLException {
        for (TransactionSpec t : file.transactions()) {
            for (ParameterSpec p : t.parameters().values()) {
                if (p instanceof ParameterSpec.Sample s) {
                    sample(s, connection);
                }
            }
        }
        UserDraws draws = new UserDraws(this, new SplittableRandom(seed * 1_000_003L + user));
        return new FileUser(connection, file.transactions(), draws, dialect == SqlDialect.POSTGRES);
    }

    /** Runs the file's set-up statements on {@code connection}, in order, each committed on its own. */
    public void setUp(Connection connection) throws SQLException {
        for (String sql : file.setup()) {
            try (Statement s = connection.createStatement()) {
                s.execute(sql);
            } catch (SQLException e) {
                throw new SQLException("set-up of " + file.name() + " failed at \"" + sql.strip() + "\": "
                        + e.getMessage(), e.getSQLState(), e);
            }
            if (!connection.getAutoCommit()) {
                connection.commit();
            }
        }
    }

    long nextInSequence(ParameterSpec.Sequence spec) {
        return sequences.get(spec).getAndAdd(spec.step());
    }

    String[] row(String csvFile, SplittableRandom random) {
        List<String[]> rows = tables.get(csvFile).rows();
        return rows.get(random.nextInt(rows.size()));
    }

    Object[] sampled(ParameterSpec.Sample spec) {
        synchronized (samples) {
            return samples.get(spec);
        }
    }

    private Object[] sample(ParameterSpec.Sample spec, Connection connection) throws SQLException {
        synchronized (samples) {
            Object[] values = samples.get(spec);
            if (values != null) {
                return values;
            }
            List<Object> read = new ArrayList<>();
            try (Statement s = connection.createStatement()) {
                s.setMaxRows(spec.rows());
                try (ResultSet rs = s.executeQuery(spec.query())) {
                    while (read.size() < spec.rows() && rs.next()) {
                        read.add(rs.getObject(1));
                    }
                }
            } catch (SQLException e) {
                throw new SQLException("sample \"" + spec.query() + "\" of " + file.name() + " failed: "
                        + e.getMessage(), e.getSQLState(), e);
            }
            if (read.isEmpty()) {
                throw new SQLException("sample \"" + spec.query() + "\" of " + file.name() + " returned no rows: "
                        + "a parameter drawn from it has no value");
            }
            values = read.toArray();
            samples.put(spec, values);
            return values;
        }
    }
}
