package io.tunescope.workload.agent;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

import java.util.List;

/**
 * One line of the agent-to-controller protocol: a JSON object per line on the agent's stdout, its kind in the
 * {@code event} property ({@code {"event":"progress","executions":12,"errors":0}}). The controller answers with one
 * line, {@link #GO}, on the agent's stdin once every tenant is ready; closing stdin tells the agent to stop.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "event")
@JsonSubTypes({
        @JsonSubTypes.Type(value = AgentEvent.Hello.class, name = "hello"),
        @JsonSubTypes.Type(value = AgentEvent.LoadProgress.class, name = "load"),
        @JsonSubTypes.Type(value = AgentEvent.Ready.class, name = "ready"),
        @JsonSubTypes.Type(value = AgentEvent.Progress.class, name = "progress"),
        @JsonSubTypes.Type(value = AgentEvent.Validation.class, name = "validation"),
        @JsonSubTypes.Type(value = AgentEvent.Done.class, name = "done"),
        @JsonSubTypes.Type(value = AgentEvent.Failed.class, name = "failed"),
        @JsonSubTypes.Type(value = AgentEvent.DatabaseReading.class, name = "database"),
})
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public sealed interface AgentEvent {
    /** The controller's one line to the agents: start the users now. */
    String GO = "go";

    /** The agent JVM is up; {@code pid} is its process id. */
    record Hello(long pid) implements AgentEvent {
    }

    /** TPC-H rows loaded so far, of about {@code totalRows}. */
    record LoadProgress(long rows, long totalRows) implements AgentEvent {
    }

    /**
     * Loaded (when asked) and connected, waiting for {@link #GO}. {@code backendPids} are the PostgreSQL backends of
     * the users' connections, or a private MariaDB's threads serving them (null when they cannot be read from here);
     * the load figures are null without a load.
     */
    record Ready(String engineVersion, List<Long> backendPids, Long loadMillis, Long indexMillis, Long rows)
            implements AgentEvent {
    }

    /**
     * Executions (and errors among them) recorded so far; for a workload of named transactions also the rate and
     * response-time percentiles of the last interval (null otherwise).
     */
    record Progress(long executions, long errors, Double perSec, Double p50Millis, Double p99Millis)
            implements AgentEvent {
        Progress(long executions, long errors) {
            this(executions, errors, null, null, null);
        }
    }

    /** One query's result checked against the reference answer; {@code detail} says what differed. */
    record Validation(String query, boolean ok, String detail) implements AgentEvent {
    }

    /**
     * The users finished: counts, and the measurement window on the agent's {@code System.nanoTime} clock (its
     * length gives the throughput); {@code message} is the fatal error that ended the run early, if one did;
     * {@code consistency} is TPC-C's verdict after the run ({@link #PASSED}, or the conditions that failed), null when
     * the workload has none or it was not checked.
     */
    record Done(long executions, long errors, long measureStartNanos, long measureEndNanos, String message,
                @JsonInclude(JsonInclude.Include.NON_NULL) String consistency) implements AgentEvent {
        public static final String PASSED = io.tunescope.store.TransactionMix.PASSED;

        Done(long executions, long errors, long measureStartNanos, long measureEndNanos, String message) {
            this(executions, errors, measureStartNanos, measureEndNanos, message, null);
        }
    }

    /**
     * What the tenant's database said about itself ({@link io.tunescope.store.EngineReading}, secrets already
     * masked): its settings before {@link Ready}, its counters right after {@link #GO} and again after the users
     * finished, before {@link Done}.
     */
    record DatabaseReading(Moment moment, io.tunescope.store.EngineReading reading) implements AgentEvent {
    }

    /** When a {@link DatabaseReading} was taken. */
    enum Moment {
        SETTINGS, BEFORE, AFTER
    }

    /** The agent gave up; {@code message} says why. */
    record Failed(String message) implements AgentEvent {
    }
}
