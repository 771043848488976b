package io.tunescope.workload.tpcc;

import io.tunescope.BadInputException;

/** The cardinalities of the TPC-C database (clause 4.2.2) and the rule on the number of warehouses. */
public final class TpccScale {
    public static final int ITEMS = 100_000;
    public static final int DISTRICTS_PER_WAREHOUSE = 10;
    public static final int CUSTOMERS_PER_DISTRICT = 3_000;
    public static final int ORDERS_PER_DISTRICT = 3_000;
    /** The first order id still undelivered at load: orders 2101..3000 (30 %) are in NEW_ORDER. */
    public static final int FIRST_UNDELIVERED_ORDER = 2_101;
    /** The warehouses a run may load: the most the run's scale bound admits. */
    public static final int MAX_WAREHOUSES = 10;

    private TpccScale() {
    }

    public static int checkWarehouses(int warehouses) {
        if (warehouses < 1 || warehouses > MAX_WAREHOUSES) {
            throw BadInputException.of("warehouses", warehouses, "must be 1 to " + MAX_WAREHOUSES);
        }
        return warehouses;
    }

    /** Rows the load writes for {@code warehouses} (order lines estimated at their mean of 10 per order). */
    public static long rowsAt(int warehouses) {
        long perDistrict = 1 + CUSTOMERS_PER_DISTRICT * 2L + ORDERS_PER_DISTRICT * 11L
                + (ORDERS_PER_DISTRICT - FIRST_UNDELIVERED_ORDER + 1);
        return ITEMS + (long) warehouses * (1 + ITEMS + DISTRICTS_PER_WAREHOUSE * perDistrict);
    }
}
