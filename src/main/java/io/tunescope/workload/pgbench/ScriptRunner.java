package io.tunescope.workload.pgbench;

import io.tunescope.workload.mix.UserTransactions;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.concurrent.TimeUnit;

/**
 * Runs one user's scripts on its connection, as pgbench's prepared mode does: each statement is prepared once and
 * its variables are bound as parameters (integers as {@code bigint}, doubles as {@code double precision}, text from
 * {@code \gset} with no declared type, so the server infers it as it does for pgbench). After a failure it rolls back
 * whatever transaction the script had opened.
 */
final class ScriptRunner implements UserTransactions {
    private final Connection connection;
    private final Scripts scripts;
    private final Env env;
    private final boolean untypedText;
    private final int[] cumulativeWeights;
    /** Per script, per command, per statement: prepared on first use. */
    private final PreparedStatement[][][] prepared;
    /**
     * Per script, per command, per statement: the variable slot of each result column of a {@code \gset} or
     * {@code \aset} query.
     */
    private final int[][][][] captureSlots;
    private Statement plain;

    ScriptRunner(Connection connection, Scripts scripts, Env env, boolean untypedText) {
        this.connection = connection;
        this.scripts = scripts;
        this.env = env;
        this.untypedText = untypedText;
        Script[] all = scripts.scripts;
        cumulativeWeights = new int[all.length];
        prepared = new PreparedStatement[all.length][][];
        captureSlots = new int[all.length][][][];
        int total = 0;
        for (int i = 0; i < all.length; i++) {
            total += all[i].weight();
            cumulativeWeights[i] = total;
            prepared[i] = new PreparedStatement[all[i].program().length][];
            captureSlots[i] = new int[all[i].program().length][][];
        }
    }

    @Override
    public int next() {
        if (cumulativeWeights.length == 1) {
            return 0;
        }
        int draw = env.random.nextInt(cumulativeWeights[cumulativeWeights.length - 1]);
        for (int i = 0; ; i++) {
            if (draw < cumulativeWeights[i]) {
                return i;
            }
        }
    }

    @Override
    public long run(int index) throws SQLException, InterruptedException {
        Script script = scripts.scripts[index];
        Command[] program = script.program();
        long rows = 0;
        int pc = 0;
        try {
            while (pc < program.length) {
                Command command = program[pc];
                if (command instanceof Command.Sql sql) {
                    rows += runSql(index, pc, sql);
                    pc++;
                } else if (command instanceof Command.Set set) {
                    env.vars[set.slot].copyFrom(set.expression.eval(env));
                    pc++;
                } else if (command instanceof Command.JumpUnless jump) {
                    Value condition = jump.condition.eval(env);
                    pc = condition.type != Value.Type.NULL && condition.asBool() ? pc + 1 : jump.target;
                } else if (command instanceof Command.Jump jump) {
                    pc = jump.target;
                } else {
                    Command.Sleep sleep = (Command.Sleep) command;
                    TimeUnit.NANOSECONDS.sleep(sleep.amount.eval(env).asInt() * sleep.unitNanos);
                    pc++;
                }
            }
            return rows;
        } catch (EvalException e) {
            rollBack();
            throw new SQLException(script.file() + ":" + program[pc].line + ": " + e.getMessage(), e);
        } catch (SQLException e) {
            rollBack();
            discardStatements(index);
            throw e;
        }
    }

    /** Some drivers (DuckDB) close a statement that failed: the script's next run prepares its statements afresh. */
    private void discardStatements(int script) {
        for (int pc = 0; pc < prepared[script].length; pc++) {
            PreparedStatement[] statements = prepared[script][pc];
            if (statements == null) {
                continue;
            }
            for (PreparedStatement statement : statements) {
                try {
                    if (statement != null) {
                        statement.close();
                    }
                } catch (SQLException e) {
                    // a broken statement may fail to close too; it is dropped either way
                }
            }
            prepared[script][pc] = null;
        }
    }

    private long runSql(int script, int pc, Command.Sql sql) throws SQLException, EvalException {
        PreparedStatement[] statements = prepared[script][pc];
        if (statements == null) {
            statements = new PreparedStatement[sql.statements.length];
            prepared[script][pc] = statements;
        }
        long rows = 0;
        for (int s = 0; s < statements.length; s++) {
            if (statements[s] == null) {
                statements[s] = connection.prepareStatement(sql.statements[s]);
            }
            PreparedStatement statement = statements[s];
            bind(statement, sql.parameterSlots[s]);
            boolean capture = sql.capture == Command.Capture.ASET
                    || sql.capture == Command.Capture.GSET && s == statements.length - 1;
            if (statement.execute()) {
                try (ResultSet rs = statement.getResultSet()) {
                    rows += capture ? capture(rs, script, pc, s, sql) : drain(rs);
                }
            } else if (capture && sql.capture == Command.Capture.GSET) {
                throw new EvalException("\\gset expects one row, the command returned none");
            }
        }
        return rows;
    }

    private void bind(PreparedStatement statement, int[] slots) throws SQLException, EvalException {
        for (int p = 0; p < slots.length; p++) {
            Value v = env.vars[slots[p]];
            int at = p + 1;
            switch (v.type) {
                case INT -> statement.setLong(at, v.intValue);
                case DOUBLE -> statement.setDouble(at, v.doubleValue);
                case BOOL -> statement.setBoolean(at, v.boolValue);
                case NULL -> statement.setNull(at, Types.NULL);
                case TEXT -> {
                    if (untypedText) {
                        statement.setObject(at, v.text, Types.OTHER);
                    } else {
                        statement.setString(at, v.text);
                    }
                }
                default -> throw new EvalException("undefined variable \"" + scripts.variables.name(slots[p]) + "\"");
            }
        }
    }

    private static long drain(ResultSet rs) throws SQLException {
        long rows = 0;
        while (rs.next()) {
            rows++;
        }
        return rows;
    }

    /** Stores the row's columns in variables ({@code \gset}: exactly one row; {@code \aset}: the last row, if any). */
    private long capture(ResultSet rs, int script, int pc, int statement, Command.Sql sql)
            throws SQLException, EvalException {
        if (captureSlots[script][pc] == null) {
            captureSlots[script][pc] = new int[sql.statements.length][];
        }
        int[] slots = captureSlots[script][pc][statement];
        ResultSetMetaData meta = rs.getMetaData();
        if (slots == null) {
            slots = new int[meta.getColumnCount()];
            for (int c = 0; c < slots.length; c++) {
                slots[c] = scripts.variables.slot(sql.prefix + meta.getColumnLabel(c + 1));
            }
            env.ensure(scripts.variables.size());
            captureSlots[script][pc][statement] = slots;
        }
        long rows = 0;
        while (rs.next()) {
            rows++;
            for (int c = 0; c < slots.length; c++) {
                Value target = env.vars[slots[c]];
                switch (meta.getColumnType(c + 1)) {
                    case Types.INTEGER, Types.BIGINT, Types.SMALLINT, Types.TINYINT -> {
                        long v = rs.getLong(c + 1);
                        if (rs.wasNull()) {
                            target.setNull();
                        } else {
                            target.setInt(v);
                        }
                    }
                    default -> {
                        String v = rs.getString(c + 1);
                        if (v == null) {
                            target.setNull();
                        } else {
                            target.setText(v);
                        }
                    }
                }
            }
        }
        if (sql.capture == Command.Capture.GSET && rows != 1) {
            throw new EvalException("\\gset expects one row, the command returned " + rows);
        }
        return rows;
    }

    /** A variable's value as text, or null when it is not set (for tests and diagnostics). */
    String variable(String name) {
        int slot = scripts.variables.slot(name);
        env.ensure(scripts.variables.size());
        Value v = env.vars[slot];
        return v.isSet() ? v.toString() : null;
    }

    private void rollBack() {
        try {
            if (plain == null) {
                plain = connection.createStatement();
            }
            plain.execute("ROLLBACK");
        } catch (SQLException e) {
            // outside a transaction or on a broken connection: nothing more to undo here
        }
    }

    @Override
    public void close() throws SQLException {
        for (PreparedStatement[][] script : prepared) {
            for (PreparedStatement[] command : script) {
                if (command == null) {
                    continue;
                }
                for (PreparedStatement statement : command) {
                    if (statement != null) {
                        statement.close();
                    }
                }
            }
        }
        if (plain != null) {
            plain.close();
        }
    }
}
