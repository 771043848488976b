package io.tunescope.engine.knob;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

import static io.tunescope.engine.knob.ApplyMethod.CLIENT;
import static io.tunescope.engine.knob.ApplyMethod.RELOAD;
import static io.tunescope.engine.knob.ApplyMethod.RESTART;
import static io.tunescope.engine.knob.ApplyMethod.SESSION;

/**
 * The knob catalogs of the engines tunescope can tune. Ranges are the span worth searching on one machine, inside
 * what each engine accepts; defaults and apply methods are the engines' documented ones (PostgreSQL 15 "Server
 * Configuration" and {@code pg_settings.context}, DuckDB's "Configuration" page, MariaDB's "Server System Variables",
 * Derby's "Tuning Derby", H2's "SET" grammar). Where the engine derives a default from the machine (DuckDB's threads
 * and memory limit, H2's cache), the catalog derives it the same way from this machine, so that the default
 * configuration can be written down and measured like any other.
 */
public final class Catalogs {
    /** tunescope's own driver: how many closed-loop users run the workload (one connection each, no pool). */
    public static final Knob USERS = Knob.integer("users", 1, 256, null, 1, CLIENT,
            "closed-loop users of tunescope's driver, one connection each");

    private Catalogs() {
    }

    public static KnobCatalog postgres() {
        return catalog("postgres", KnobSyntax.POSTGRES, List.of(
                Knob.size("shared_buffers", 16, 65536, "MB", 128, RESTART, "the buffer pool"),
                Knob.size("work_mem", 64, 2097152, "kB", 4096, SESSION, "memory per sort or hash before spilling"),
                Knob.size("maintenance_work_mem", 1024, 2097152, "kB", 65536, SESSION, "memory of index builds"),
                Knob.size("effective_cache_size", 8, 1048576, "MB", 4096, SESSION, "the planner's cache estimate"),
                Knob.integer("max_parallel_workers_per_gather", 0, 64, null, 2, SESSION, "workers per Gather node"),
                Knob.integer("max_parallel_workers", 0, 1024, null, 8, SESSION, "parallel workers in all"),
                Knob.integer("max_worker_processes", 1, 1024, null, 8, RESTART, "background processes in all"),
                Knob.real("random_page_cost", 0.1, 20, 4.0, SESSION, "planner cost of a random page read"),
                Knob.real("seq_page_cost", 0.1, 20, 1.0, SESSION, "planner cost of a sequential page read"),
                Knob.real("cpu_tuple_cost", 0.001, 1, 0.01, SESSION, "planner cost of a row"),
                Knob.real("parallel_setup_cost", 0, 100000, 1000, SESSION, "planner cost of starting workers"),
                Knob.real("parallel_tuple_cost", 0, 10, 0.1, SESSION, "planner cost of passing a row from a worker"),
                Knob.integer("effective_io_concurrency", 0, 1000, null, 1, SESSION, "concurrent prefetch requests"),
                Knob.bool("jit", true, SESSION, "JIT compilation of expressions"),
                Knob.integer("default_statistics_target", 1, 10000, null, 100, SESSION, "ANALYZE sample size"),
                Knob.size("temp_buffers", 800, 1048576, "kB", 8192, SESSION, "buffers of temporary tables"),
                Knob.size("wal_buffers", 64, 262144, "kB", -1, RESTART, "WAL buffers; -1 derives them")
                        .withSpecial(-1L),
                Knob.size("max_wal_size", 32, 65536, "MB", 1024, RELOAD, "WAL between checkpoints"),
                Knob.real("checkpoint_completion_target", 0, 1, 0.9, RELOAD, "spread of checkpoint writes"),
                Knob.choice("synchronous_commit", List.of("on", "off", "local", "remote_write", "remote_apply"), "on",
                        SESSION, "wait for WAL flush at commit"),
                Knob.integer("max_connections", 5, 10000, null, 100, RESTART, "connections in all")));
    }

    public static KnobCatalog duckdb() {
        return catalog("duckdb", KnobSyntax.DUCKDB, List.of(
                Knob.integer("threads", 1, 256, null, Math.min(256, Runtime.getRuntime().availableProcessors()),
                        SESSION, "worker threads; default: the CPU cores"),
                Knob.size("memory_limit", 64, Math.max(128, ramMiB()), "MiB", Math.max(64, ramMiB() * 8 / 10),
                        SESSION, "memory of the buffer manager, up to this machine's RAM; default: 80% of RAM"),
                Knob.bool("preserve_insertion_order", true, SESSION, "keep row order where SQL does not require it"),
                Knob.size("checkpoint_threshold", 1, 65536, "MiB", 16, SESSION, "WAL size that triggers a checkpoint"),
                Knob.integer("external_threads", 0, 256, null, 1, SESSION, "threads the client contributes"),
                Knob.integer("perfect_ht_threshold", 0, 32, null, 12, SESSION,
                        "bits of a perfect hash aggregate's key range"),
                Knob.size("allocator_flush_threshold", 1, 65536, "MiB", 128, SESSION,
                        "memory freed back to the allocator per thread")));
    }

    public static KnobCatalog mariadb() {
        return catalog("mariadb", KnobSyntax.MARIADB, List.of(
                Knob.size("innodb_buffer_pool_size", 8, 65536, "MB", 128, SESSION, "InnoDB's buffer pool"),
                Knob.size("join_buffer_size", 1, 4194304, "kB", 256, SESSION, "buffer of a join without index"),
                Knob.integer("join_cache_level", 0, 8, null, 2, SESSION,
                        "join buffers the optimizer may use: 0 none, 1-2 block nested loop, 3-4 hash, 5-8 batched key access"),
                Knob.size("sort_buffer_size", 32, 4194304, "kB", 2048, SESSION, "buffer per sort"),
                Knob.integer("thread_cache_size", 0, 16384, null, 256, SESSION, "threads kept for reuse"),
                Knob.integer("table_open_cache", 1, 1048576, null, 2000, SESSION, "open tables in all threads"),
                Knob.integer("max_connections", 10, 100000, null, 151, SESSION, "connections in all"),
                Knob.size("innodb_log_file_size", 1, 524288, "MB", 96, RESTART, "redo log size"),
                Knob.integer("innodb_flush_log_at_trx_commit", 0, 3, null, 1, SESSION, "redo flush at commit"),
                Knob.integer("innodb_io_capacity", 100, 100000, null, 200, SESSION, "background I/O per second"),
                Knob.size("tmp_table_size", 1, 65536, "MB", 16, SESSION, "in-memory temporary table size"),
                Knob.size("max_heap_table_size", 1, 65536, "MB", 16, SESSION, "MEMORY table size"),
                Knob.choice("innodb_flush_method", List.of("fsync", "O_DSYNC", "O_DIRECT", "O_DIRECT_NO_FSYNC"),
                        "O_DIRECT", RESTART, "how InnoDB writes data files")));
    }

    public static KnobCatalog derby() {
        return catalog("derby", KnobSyntax.JAVA_PROPERTY, List.of(
                Knob.integer("derby.storage.pageCacheSize", 40, 1000000, "pages", 1000, RESTART, "page cache"),
                Knob.integer("derby.language.statementCacheSize", 0, 100000, "statements", 100, RESTART,
                        "compiled statement cache")));
    }

    public static KnobCatalog h2() {
        return catalog("h2", KnobSyntax.H2, List.of(
                Knob.size("CACHE_SIZE", 1024, 16777216, "kB", Math.min(16777216, Math.max(1024, ramMiB() * 64)),
                        SESSION, "page cache; default: 64 MB per GB of RAM")));
    }

    /** The knobs whose default follows this machine (its cores or its memory), as {@code engine.knob}. */
    private static final java.util.Set<String> MACHINE_DEFAULTS = java.util.Set.of("duckdb.threads",
            "duckdb.memory_limit", "h2.CACHE_SIZE");

    /**
     * Whether the default of {@code knob} in the catalog of {@code engine} is derived from this machine (its cores
     * or its memory), so that a tuning file written on one machine cannot know it.
     */
    public static boolean defaultFollowsMachine(String engine, String knob) {
        return MACHINE_DEFAULTS.contains(engine + "." + knob);
    }

    /** This machine's physical memory in MiB (1024 when the JVM cannot tell). */
    static long ramMiB() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return Math.max(1, os.getTotalMemorySize() >> 20);
        }
        return 1024;
    }

    private static KnobCatalog catalog(String engine, KnobSyntax syntax, List<Knob> engineKnobs) {
        List<Knob> all = new ArrayList<>(engineKnobs);
        all.add(USERS);
        return new KnobCatalog(engine, syntax, all);
    }
}
