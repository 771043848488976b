package io.tunescope.engine;

/** Where an engine's database lives during a run, and who starts and stops it. */
public enum Lifecycle {
    /** An in-memory database inside the controller JVM, dropped after the run (the scale lab's embedded engines). */
    IN_CONTROLLER,
    /**
     * Embedded in a tenant agent JVM of its own, which tunescope starts, so the tenant's threads can be read apart.
     * The agent hosts DuckDB, and H2 for TPC-C ({@code TenantDatabase}).
     */
    AGENT_HOSTED,
    /**
     * A private server that tunescope starts for the run and always stops (and deletes) afterwards: PostgreSQL
     * ({@code engine/postgres}) or MariaDB ({@code engine/mariadb}), each registered in
     * {@code engine/server/PrivateServers}.
     */
    PRIVATE_SERVER,
    /** An existing database reached by JDBC URL; tunescope neither starts nor stops it. */
    EXTERNAL,
    /**
     * Embedded in a JVM of its own that tunescope starts and stops, which serves it to clients in other JVMs over its
     * own TCP server on loopback (H2 as the web shop's database tier).
     */
    SERVER_JVM
}
