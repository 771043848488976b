package io.tunescope.workload.agent;

import io.tunescope.engine.ChildJvmCommand;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectReader;
import io.tunescope.Notices;
import io.tunescope.engine.ChildTempDirs;
import io.tunescope.engine.CpuList;
import io.tunescope.engine.Processes;
import io.tunescope.store.Json;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;

/**
 * The controller's handle on one tenant agent: starts the child JVM (pinned with taskset when CPUs are given), turns
 * its stdout into {@link TenantEvent}s on a shared queue, sends {@code go}, and makes sure it is gone on close.
 */
public final class AgentProcess implements AutoCloseable {
    private static final Duration GRACE = Duration.ofSeconds(5);
    private static final ObjectReader EVENTS = Json.MAPPER.readerFor(AgentEvent.class)
            .without(DeserializationFeature.FAIL_ON_INVALID_SUBTYPE);

    private final int tenantIndex;
    private final Process process;
    private final OutputStream control;

    /** An event from agent {@code tenantIndex}; {@code exitCode} is set (and {@code event} null) when it exited. */
    public record TenantEvent(int tenantIndex, AgentEvent event, Integer exitCode) {
    }

    private AgentProcess(int tenantIndex, Process process) {
        this.tenantIndex = tenantIndex;
        this.process = process;
        this.control = process.getOutputStream();
    }

    /**
     * Starts an agent for {@code specFile}; {@code url} and {@code password} (either may be null) go into its
     * environment only, never into a file or a command line. Its stderr goes to {@code logFile}.
     */
    public static AgentProcess start(int tenantIndex, Path specFile, Path logFile, CpuList cpus, String url,
                                     String password, BlockingQueue<TenantEvent> events) throws IOException {
        List<String> command = new ArrayList<>();
        if (cpus != null) {
            command.addAll(cpus.tasksetPrefix());
        }
        Path tmp = ChildTempDirs.create();
        command.addAll(ChildJvmCommand.of("agent", List.of("-Xmx1g", "-XX:+UseSerialGC",
                ChildTempDirs.jvmOption(tmp)), TenantAgentMain.class, List.of(specFile.toString())));
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(logFile.toFile());
        builder.environment().remove(AgentSpec.PASSWORD_ENV);
        builder.environment().remove(AgentSpec.URL_ENV);
        if (password != null) {
            builder.environment().put(AgentSpec.PASSWORD_ENV, password);
        }
        if (url != null) {
            builder.environment().put(AgentSpec.URL_ENV, url);
        }
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            ChildTempDirs.remove(tmp);
            throw e;
        }
        ChildTempDirs.removeAfter(process, tmp);
        AgentProcess agent = new AgentProcess(tenantIndex, process);
        agent.pumpEvents(events);
        return agent;
    }

    private void pumpEvents(BlockingQueue<TenantEvent> events) {
        Thread pump = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(
                    new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                    AgentEvent event = parse(line);
                    if (event != null) {
                        events.put(new TenantEvent(tenantIndex, event, null));
                    }
                }
            } catch (IOException e) {
                AgentEvent broken = new AgentEvent.Failed("control channel broken: " + e.getMessage());
                events.offer(new TenantEvent(tenantIndex, broken, null));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            // whatever happened above, the controller must learn that this agent is gone
            try {
                events.put(new TenantEvent(tenantIndex, null, process.waitFor()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "agent-events-" + tenantIndex);
        pump.setDaemon(true);
        pump.start();
    }

    /**
     * An event, or null for a line that is not one (native code may write to the same stdout) or whose kind this
     * controller does not know.
     */
    static AgentEvent parse(String line) {
        if (!line.startsWith("{")) {
            return null;
        }
        try {
            return EVENTS.readValue(line);
        } catch (IOException e) {
            Notices.say("tunescope: ignoring a line from a tenant agent that is not an event: " + line);
            return null;
        }
    }

    public long pid() {
        return process.pid();
    }

    public void sendGo() throws IOException {
        control.write((AgentEvent.GO + "\n").getBytes(StandardCharsets.UTF_8));
        control.flush();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** Closes the control channel (the agent stops), waits briefly, then kills whatever is left. */
    @Override
    public void close() {
        try {
            control.close();
        } catch (IOException e) {
            // the agent is already gone
        }
        Processes.awaitExitOrKill(process, GRACE);
    }

    /** Kills the agent at once (used when the run is aborted, e.g. by Ctrl-C). */
    public void kill() {
        process.destroyForcibly();
    }
}
