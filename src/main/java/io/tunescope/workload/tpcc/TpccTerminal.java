package io.tunescope.workload.tpcc;

/** One user's place in the database: its home warehouse, its district for Stock-Level, and how many warehouses. */
record TpccTerminal(int warehouse, int district, int warehouses) {
    TpccTerminal {
        if (warehouse < 1 || warehouse > warehouses) {
            throw new IllegalArgumentException("home warehouse " + warehouse + " is not in 1.." + warehouses);
        }
    }

    /** A warehouse other than the home one, uniformly; the home one when it is the only one. */
    int remote(TpccRandom random) {
        if (warehouses == 1) {
            return warehouse;
        }
        int other = random.uniform(1, warehouses - 1);
        return other >= warehouse ? other + 1 : other;
    }
}
