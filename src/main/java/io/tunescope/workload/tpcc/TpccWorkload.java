package io.tunescope.workload.tpcc;

import io.tunescope.engine.SqlDialect;
import io.tunescope.workload.mix.TransactionWorkload;
import io.tunescope.workload.mix.UserTransactions;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * TPC-C's five transactions as a {@link TransactionWorkload}, in the specification's mix (clause 5.2.3: New-Order
 * 45 %, Payment 43 %, Order-Status, Delivery and Stock-Level 4 % each), without think or keying time unless asked
 * for. User
 * {@code u} is the terminal of home warehouse {@code (u - 1) mod W + 1}; the number of warehouses W and the load's
 * NURand constants are read from the database.
 */
public final class TpccWorkload implements TransactionWorkload {
    public static final String NAME = "tpcc";
    /** The workload's name with the specification's keying and think times. */
    public static final String WITH_THINK_TIMES = "tpcc:think";
    public static final List<String> TRANSACTIONS = List.of("NewOrder", "Payment", "OrderStatus", "Delivery",
            "StockLevel");
    static final int NEW_ORDER = 0;
    static final int PAYMENT = 1;
    static final int ORDER_STATUS = 2;
    static final int DELIVERY = 3;
    static final int STOCK_LEVEL = 4;
    /** Percent weights in the order of {@link #TRANSACTIONS}. */
    static final int[] WEIGHTS = {45, 43, 4, 4, 4};

    private final boolean thinkTimes;

    /** No keying or think time: each terminal starts its next transaction at once (the common "no wait" mode). */
    public TpccWorkload() {
        this(false);
    }

    /** With {@code thinkTimes}, each terminal keys and thinks as clause 5.2.5 says ({@link TpccWaits}). */
    public TpccWorkload(boolean thinkTimes) {
        this.thinkTimes = thinkTimes;
    }

    @Override
    public List<String> transactionNames() {
        return TRANSACTIONS;
    }

    @Override
    public UserTransactions forUser(int user, long seed, Connection connection, SqlDialect dialect)
            throws SQLException {
        CConstants load = TpccSchema.loadConstants(connection);
        int warehouses = warehouses(connection);
        long userSeed = seed * 1_000_003L + user;
        CConstants run = CConstants.forRun(load, seed);
        int home = (user - 1) % warehouses + 1;
        int district = (user - 1) / warehouses % TpccScale.DISTRICTS_PER_WAREHOUSE + 1;
        return new TpccUser(connection, new TpccTerminal(home, district, warehouses), run, userSeed,
                thinkTimes ? new TpccWaits(userSeed) : null);
    }

    static int warehouses(Connection connection) throws SQLException {
        try (Statement s = connection.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(*) FROM warehouse")) {
            rs.next();
            int n = rs.getInt(1);
            if (!connection.getAutoCommit()) {
                connection.commit();
            }
            if (n < 1) {
                throw new SQLException("the TPC-C tables hold no warehouse: load them with --load");
            }
            return n;
        }
    }

    /** The index of the transaction a draw {@code percent} in [0, 100) picks. */
    static int pick(int percent) {
        int sum = 0;
        for (int i = 0; i < WEIGHTS.length; i++) {
            sum += WEIGHTS[i];
            if (percent < sum) {
                return i;
            }
        }
        throw new IllegalArgumentException("percent (" + percent + ") must be 0 to 99");
    }
}
