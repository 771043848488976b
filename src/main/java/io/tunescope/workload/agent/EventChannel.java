package io.tunescope.workload.agent;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.tunescope.store.Json;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The agent's side of the control channel: events go out as JSON lines on the process's real stdout, which nothing
 * else may write to ({@link System#out} is redirected to stderr so stray prints cannot corrupt the protocol).
 */
final class EventChannel {
    /** Written as the interface type so every line carries its kind; never indented, so one event is one line. */
    private static final ObjectWriter EVENTS = Json.MAPPER.writerFor(AgentEvent.class)
            .without(SerializationFeature.INDENT_OUTPUT);

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
        out.println(line(event));
        out.flush();
    }

    /** The event as one line of JSON. */
    static String line(AgentEvent event) {
        try {
            return EVENTS.writeValueAsString(event);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
