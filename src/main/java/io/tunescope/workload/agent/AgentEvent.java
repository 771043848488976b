package io.tunescope.workload.agent;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * One line of the agent-to-controller protocol (JSON lines on the agent's stdout). The controller answers with one
 * line, {@code go}, on the agent's stdin once every tenant is ready; closing stdin tells the agent to stop.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record AgentEvent(String event, Long pid, String message, Long rows, Long totalRows, Long loadMillis,
                         Long indexMillis, String engineVersion, List<Long> backendPids, Long executions, Long errors,
                         String query, Boolean ok, String detail, Long measureStartNanos, Long measureEndNanos) {
    public static final String HELLO = "hello";
    public static final String LOAD_PROGRESS = "load";
    public static final String READY = "ready";
    public static final String PROGRESS = "progress";
    public static final String VALIDATION = "validation";
    public static final String DONE = "done";
    public static final String FAILED = "failed";
    public static final String GO = "go";

    static AgentEvent hello(long pid) {
        return new AgentEvent(HELLO, pid, null, null, null, null, null, null, null, null, null, null, null, null, null, null);
    }

    static AgentEvent loadProgress(long rows, long totalRows) {
        return new AgentEvent(LOAD_PROGRESS, null, null, rows, totalRows, null, null, null, null, null, null, null, null, null, null, null);
    }

    static AgentEvent ready(String engineVersion, List<Long> backendPids, Long loadMillis, Long indexMillis, Long rows) {
        return new AgentEvent(READY, null, null, rows, null, loadMillis, indexMillis, engineVersion, backendPids, null, null, null, null, null, null, null);
    }

    static AgentEvent progress(long executions, long errors) {
        return new AgentEvent(PROGRESS, null, null, null, null, null, null, null, null, executions, errors, null, null, null, null, null);
    }

    static AgentEvent validation(String query, boolean ok, String detail) {
        return new AgentEvent(VALIDATION, null, null, null, null, null, null, null, null, null, null, query, ok, detail, null, null);
    }

    static AgentEvent done(long executions, long errors, long measureStartNanos, long measureEndNanos, String message) {
        return new AgentEvent(DONE, null, message, null, null, null, null, null, null, executions, errors, null, null, null,
                measureStartNanos, measureEndNanos);
    }

    static AgentEvent failed(String message) {
        return new AgentEvent(FAILED, null, message, null, null, null, null, null, null, null, null, null, null, null, null, null);
    }
}
