package io.tunescope.monitor.role;

import java.util.Locale;

/** What a tenant thread does, as far as the monitor can tell. */
public enum ThreadRole {
    /** Does query work: DuckDB task-scheduler threads, PostgreSQL backends and parallel workers, MariaDB connections. */
    WORKER,
    /** Client threads living inside the tenant process (the users of an embedded engine). */
    CLIENT,
    /** Engine-internal background work: checkpointer, WAL writer, autovacuum, InnoDB threads, ... */
    ENGINE,
    /** JVM internals of a Java tenant process: GC, JIT compilers, VM thread, ... */
    JVM,
    /** Anything the classifier cannot place. */
    OTHER;

    /** The lower-case name used in JSON, tables and metric labels. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
