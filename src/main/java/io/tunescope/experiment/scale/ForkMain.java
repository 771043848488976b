package io.tunescope.experiment.scale;

import io.tunescope.Outcome;
import io.tunescope.store.Json;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Entry point of a forked benchmark JVM: reads a {@link MeasureTask} as JSON from stdin (never a file: it may hold a
 * database password), runs it, and writes one line per event on stdout: {@code progress <millis>} and {@code point <json>}.
 */
public final class ForkMain {
    static final String PROGRESS = "progress ";
    static final String POINT = "point ";

    private ForkMain() {
    }

    public static void main(String[] args) throws Exception {
        MeasureTask task = Json.MAPPER.readValue(System.in, MeasureTask.class);
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        task.runHere(millis -> out.println(PROGRESS + millis),
                run -> out.println(POINT + Json.toJson(run).replace('\n', ' ')));
        out.flush();
        System.exit(Outcome.OK.exitCode());
    }
}
