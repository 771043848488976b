package io.tunescope.workload.agent;

import io.tunescope.store.Json;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * The agent's side of the control channel: events go out as JSON lines on the process's real stdout, which nothing
 * else may write to ({@link System#out} is redirected to stderr so stray prints cannot corrupt the protocol).
 */
final class EventChannel {
    private final PrintStream out;

    private EventChannel(PrintStream out) {
        this.out = out;
    }

    static EventChannel takeOverStdout() {
        PrintStream real = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        System.setOut(System.err);
        return new EventChannel(real);
    }

    synchronized void emit(AgentEvent event) {
        out.println(Json.toJson(event).replace('\n', ' '));
        out.flush();
    }
}
