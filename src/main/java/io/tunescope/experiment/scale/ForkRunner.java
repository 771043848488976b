package io.tunescope.experiment.scale;

import io.tunescope.engine.ChildJvmCommand;
import com.fasterxml.jackson.core.JsonProcessingException;
import io.tunescope.Notices;
import io.tunescope.store.Json;
import io.tunescope.workload.micro.PointRun;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * Runs a {@link MeasureTask} in a fresh JVM ({@code java -cp <this class path> ForkMain}, task JSON on stdin), as
 * JMH forks,
 * so JIT state and statement caches of one mode cannot leak into another. Points already reported survive a fork
 * that dies later.
 */
public final class ForkRunner {
    private final List<String> jvmArgs;

    public ForkRunner(List<String> jvmArgs) {
        this.jvmArgs = List.copyOf(jvmArgs);
    }

    public List<PointRun> run(MeasureTask task, String name, LongConsumer progressMillis, Consumer<PointRun> done)
            throws IOException, InterruptedException {
        List<String> command = ChildJvmCommand.of("scale-fork", jvmArgs, ForkMain.class, List.of());
        Process process = new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        List<PointRun> runs = new ArrayList<>();
        try (OutputStream toFork = process.getOutputStream()) {
            Json.MAPPER.writeValue(toFork, task);
        }
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                accept(line, runs, progressMillis, done);
            }
            if (process.waitFor() != 0) {
                throw new IOException("fork " + name + " exited with " + process.exitValue() + " after "
                        + runs.size() + " of " + task.points().size() + " points");
            }
        } finally {
            if (process.isAlive()) {
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
            }
        }
        return runs;
    }

    private static void accept(String line, List<PointRun> runs, LongConsumer progressMillis,
                               Consumer<PointRun> done) throws JsonProcessingException {
        if (line.startsWith(ForkMain.PROGRESS)) {
            progressMillis.accept(Long.parseLong(line.substring(ForkMain.PROGRESS.length()).trim()));
        } else if (line.startsWith(ForkMain.POINT)) {
            PointRun run = Json.MAPPER.readValue(line.substring(ForkMain.POINT.length()), PointRun.class);
            runs.add(run);
            done.accept(run);
        } else {
            Notices.say(line);
        }
    }
}
