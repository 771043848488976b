package io.tunescope.workload.pgbench;

/** One parsed script of one user: its transaction name, file (for messages), weight and program. */
record Script(String name, String file, int weight, Command[] program) {
}
