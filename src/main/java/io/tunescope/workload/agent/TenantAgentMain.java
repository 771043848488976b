package io.tunescope.workload.agent;

import io.tunescope.BadInputException;
import io.tunescope.Notices;
import io.tunescope.Outcome;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Main class of a tenant agent: the child JVM that hosts one tenant's embedded engine (or connects to its server)
 * and runs that tenant's users, so the tenant's threads live in a process of their own. Usage:
 * {@code java -cp ... io.tunescope.workload.agent.TenantAgentMain SPEC.json}. It exits with the code of its
 * {@link Outcome}: ok when done, bad input (e.g. bad credentials), else failure.
 */
public final class TenantAgentMain {
    /** When the controller went away nobody reads this code, and the log says why: a plain failure. */
    static final int EXIT_CONTROLLER_GONE = Outcome.FAILURE.exitCode();

    private TenantAgentMain() {
    }

    public static void main(String[] args) {
        EventChannel events = EventChannel.takeOverStdout();
        events.emit(new AgentEvent.Hello(ProcessHandle.current().pid()));
        BufferedReader control = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        int code;
        try {
            AgentSpec spec = AgentSpec.read(Path.of(args[0]));
            code = new TenantAgent(spec, events, control).run();
        } catch (BadInputException e) {
            events.emit(new AgentEvent.Failed(e.getMessage()));
            code = e.outcome().exitCode();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            events.emit(new AgentEvent.Failed("interrupted"));
            code = Outcome.FAILURE.exitCode();
        } catch (Throwable e) {
            events.emit(new AgentEvent.Failed(e.getClass().getSimpleName() + ": " + e.getMessage()));
            Notices.sayWithTrace(e);
            code = Outcome.FAILURE.exitCode();
        }
        System.exit(code);
    }
}
