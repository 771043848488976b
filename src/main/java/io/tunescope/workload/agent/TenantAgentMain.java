package io.tunescope.workload.agent;

import io.tunescope.BadInputException;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Main class of a tenant agent: the child JVM that hosts one tenant's embedded engine (or connects to its server)
 * and runs that tenant's users, so the tenant's threads live in a process of their own. Usage:
 * {@code java -cp ... io.tunescope.workload.agent.TenantAgentMain SPEC.json}. Exit codes: 0 done, 1 failure,
 * 2 the controller went away, 3 bad input (e.g. bad credentials).
 */
public final class TenantAgentMain {
    static final int EXIT_CONTROLLER_GONE = 2;

    private TenantAgentMain() {
    }

    public static void main(String[] args) {
        EventChannel events = EventChannel.takeOverStdout();
        events.emit(AgentEvent.hello(ProcessHandle.current().pid()));
        BufferedReader control = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        int code;
        try {
            AgentSpec spec = AgentSpec.read(Path.of(args[0]));
            code = new TenantAgent(spec, events, control).run();
        } catch (BadInputException e) {
            events.emit(AgentEvent.failed(e.getMessage()));
            code = 3;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            events.emit(AgentEvent.failed("interrupted"));
            code = 1;
        } catch (Throwable e) {
            events.emit(AgentEvent.failed(e.getClass().getSimpleName() + ": " + e.getMessage()));
            e.printStackTrace(System.err);
            code = 1;
        }
        System.exit(code);
    }
}
