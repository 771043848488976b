package io.tunescope.engine;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.tunescope.engine.knob.KnobCatalog;
import io.tunescope.monitor.role.RoleClassifier;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * One database product, and everything tunescope needs to know about it to drive it and observe it: its name on the
 * command line, its SQL dialect, a statement that does no work, how to tell its threads apart, and how its database
 * lives during a run (in the controller, in a tenant agent JVM, as a private server, or out of our hands), and its
 * knob catalog: the settings a tuner may change on it, their ranges, and how a change is applied.
 *
 * <p>One small class per product, registered in {@link Engines}; commands ask the registry for the engines they
 * accept by capability ({@link Engines#tenants()}, {@link Engines#scaleLab()}, {@link Engines#monitored()}), so no
 * command lists engine names of its own.
 */
public interface Engine {
    /** The name {@code --engine} takes, in lower case; also how an engine is written in JSON. */
    @JsonValue
    String id();

    /** The engine a JSON document names by its id. */
    @JsonCreator
    static Engine fromJson(String id) {
        return Engines.byId(id);
    }

    /** The SQL flavour TPC-H query texts and schema are adapted to. */
    SqlDialect dialect();

    /** A statement that is valid on this engine and does next to no work: the scale lab's default. */
    String defaultStatement();

    /** A new classifier of this engine's thread roles; every monitored process gets its own. */
    RoleClassifier threadRoles();

    /**
     * A classifier for a tenant whose users' connections are served by the kernel tasks {@code connectionTasks}
     * (the tenant's connections file): a server that runs a thread per connection tells those threads apart with
     * it. By default the same as {@link #threadRoles()}.
     */
    default RoleClassifier threadRoles(java.util.Collection<Integer> connectionTasks) {
        return threadRoles();
    }

    /** How a TPC-H tenant of this engine lives ({@code run}, experiment plans), or empty when it cannot be one yet. */
    Optional<Lifecycle> tenantLifecycle();

    /** How the scale lab runs this engine, or empty when it cannot yet. */
    Optional<Lifecycle> scaleLifecycle();

    /**
     * Whether this engine's threads live in an OS process of their own (a server, a tenant agent JVM) that the
     * monitor can attach to by pid; false for libraries that tunescope only ever runs inside another JVM.
     */
    boolean ownProcess();

    /**
     * The subprotocol of this engine's JDBC URLs ({@code jdbc:SUBPROTOCOL:...}), by which a URL names the engine
     * behind it; empty for the generic engine, which stands for any URL no other engine claims.
     */
    Optional<String> jdbcSubprotocol();

    /** The URL of this engine's in-memory database in the controller JVM; only for {@link Lifecycle#IN_CONTROLLER}. */
    default String inMemoryUrl() {
        throw new UnsupportedOperationException(id() + " has no in-memory database in the controller JVM");
    }

    /** Engine-wide setup before the first connection in the controller JVM; files it writes go to {@code workDir}. */
    default void prepare(Path workDir) {
    }

    /** Drops the in-memory database after a run in the controller JVM, so a later run starts clean. */
    default void release() {
    }

    /** The settings a tuner may change on this engine ({@code tunescope knobs}); empty where none are known. */
    default KnobCatalog knobs() {
        return KnobCatalog.empty(id());
    }

    /**
     * Whether several connections can change the database at once (row or table locks, or multi-version rows);
     * false for an engine that lets one writer at a time change the whole database, which TPC-C's concurrent
     * terminals cannot run on.
     */
    default boolean concurrentWriters() {
        return true;
    }

    /**
     * How this engine lives as the database tier of a service whose application nodes, in JVMs of their own, reach it
     * over loopback TCP (the web shop): a private server ({@link Lifecycle#PRIVATE_SERVER}, configured with
     * {@link #serviceTierSettings()} and then its catalog's lines), a JVM of its own behind its TCP server
     * ({@link Lifecycle#SERVER_JVM}, which takes no settings), or empty where it cannot be one yet.
     */
    default Optional<Lifecycle> serviceTier() {
        return Optional.empty();
    }

    /**
     * The configuration lines a private server of this engine starts with as a service's database tier, before any
     * tuned ones: room for every application node's pool and a fixed amount of memory for pages, so that the tiers of
     * different engines are compared on equal terms.
     */
    default List<String> serviceTierSettings() {
        return List.of();
    }

    /**
     * Whether a running private server of this engine takes a new configuration without a new data directory: each
     * setting applied live and verified, a restart only for the settings that need one, the last good configuration
     * restored after a refusal. Tuning sessions and the web shop then keep one server loaded for all their trials.
     */
    default boolean liveSettings() {
        return false;
    }

    default boolean tenantRunsAs(Lifecycle lifecycle) {
        return tenantLifecycle().equals(Optional.of(lifecycle));
    }

    default boolean scaleRunsAs(Lifecycle lifecycle) {
        return scaleLifecycle().equals(Optional.of(lifecycle));
    }
}
