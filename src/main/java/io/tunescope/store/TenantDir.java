package io.tunescope.store;

import java.nio.file.Path;
import java.util.Objects;

/** One tenant's files in a run: its executions, the agent's spec and log (and a private server's own files). */
public record TenantDir(Path root) {
    public TenantDir {
        Objects.requireNonNull(root, "root");
    }

    /** Every execution of the tenant, warm-up included (see {@link ExecutionCsv}). */
    public Path executions() {
        return root.resolve("executions.csv");
    }

    /** Each user's connection: the server process serving it (see {@link ConnectionsCsv}); absent if unknown. */
    public Path connections() {
        return root.resolve("connections.csv");
    }

    /** The spec the controller hands the tenant's agent process. */
    public Path agentSpec() {
        return root.resolve("agent.json");
    }

    /** The agent process's standard error. */
    public Path agentLog() {
        return root.resolve("agent.log");
    }
}
