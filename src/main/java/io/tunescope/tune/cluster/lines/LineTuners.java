package io.tunescope.tune.cluster.lines;

import io.tunescope.engine.ChildJvmCommand;
import io.tunescope.store.JournalLine;
import io.tunescope.store.TuningDir;
import io.tunescope.store.study.PostgresStudy;
import io.tunescope.store.study.StudyStore;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * Runs one line tuner process per tuning file, side by side, all on one PostgreSQL study store (each its own study),
 * as the partitioning mode runs one tuner per work line: waits for them and reads each one's trials back from the
 * store. Each process is a child JVM ({@link ChildJvmCommand}, role {@value #ROLE}) whose main class the caller names
 * and which reads a {@link LineTunerSpec} written beside its log. The store's password reaches the children only
 * through their environment. The children die with this controller: each watches its standard input, which this JVM
 * holds open (a {@code kill -9} of the controller closes it); a shutdown hook kills them on Ctrl-C; an interrupt or a
 * timeout kills them before this returns.
 */
public final class LineTuners {
    /** The children's role ({@code -Dtunescope.role}). */
    public static final String ROLE = "line-tuner";
    private static final Duration GRACE = Duration.ofSeconds(5);

    /** The shared store: its URL, user, and password (kept out of {@link #toString()}). */
    public record Store(String jdbcUrl, String user, String password) {
        public Store {
            Objects.requireNonNull(jdbcUrl, "jdbcUrl");
        }

        @Override
        public String toString() {
            return "Store[" + jdbcUrl + ", user " + user + "]";
        }
    }

    /** One work line's tuner: the study it writes and its tuning file. */
    public record Line(String study, Path tuningFile) {
        public Line {
            PostgresStudy.checkName(study);
            Objects.requireNonNull(tuningFile, "tuningFile");
        }
    }

    /**
     * What one tuner did: its exit code (-1 when it was killed at the timeout), its completed trials as the store
     * holds them, its output directory and its log.
     */
    public record Outcome(Line line, int exitCode, List<JournalLine.Trial> trials, Path outputDirectory, Path log) {
        public Outcome {
            trials = List.copyOf(trials);
        }
    }

    private LineTuners() {
    }

    /**
     * Starts a tuner per line, each running {@code main} with its spec {@code root/lines/STUDY.spec.json}, writing
     * {@code root/lines/STUDY/} and the log {@code root/lines/STUDY.log}, and waits up to {@code timeout} for all of
     * them. {@code main} is a class whose {@code main(String[])} takes the spec's path and runs its session.
     */
    public static List<Outcome> run(Class<?> main, Store store, Path root, List<Line> lines, Duration timeout)
            throws IOException, InterruptedException {
        try (Running running = start(main, store, root, lines)) {
            return running.await(timeout);
        }
    }

    /**
     * Starts a tuner per line as {@link #run} does and returns at once: the caller watches them, waits for them with
     * {@link Running#await} and closes the handle, which kills any still running (also on an exception).
     */
    public static Running start(Class<?> main, Store store, Path root, List<Line> lines) throws IOException {
        Running running = new Running(store, TuningDir.of(root), lines);
        try {
            for (Line line : lines) {
                Files.createDirectories(running.dir.lineTunerLog(line.study()).getParent());
                running.children.add(start(main, store, line, running.dir));
            }
            return running;
        } catch (IOException | RuntimeException e) {
            running.close();
            throw e;
        }
    }

    /** Tuner processes started by {@link #start}, in the order of their lines. */
    public static final class Running implements AutoCloseable {
        private final Store store;
        private final TuningDir dir;
        private final List<Line> lines;
        private final List<Process> children = new ArrayList<>();
        private final Thread killer;

        private Running(Store store, TuningDir dir, List<Line> lines) {
            this.store = store;
            this.dir = dir;
            this.lines = List.copyOf(lines);
            this.killer = ChildJvmCommand.killAtExit("line-tuners-stop",
                    () -> children.forEach(Process::destroyForcibly));
        }

        /** Whether the {@code i}-th line's tuner is still running. */
        public boolean alive(int i) {
            return children.get(i).isAlive();
        }

        /** The {@code i}-th line's tuner process (to report its pid). */
        public ProcessHandle handle(int i) {
            return children.get(i).toHandle();
        }

        /** Waits up to {@code timeout} for every tuner (killing the late ones) and reads each one's trials back. */
        public List<Outcome> await(Duration timeout) throws InterruptedException {
            long deadline = System.nanoTime() + timeout.toNanos();
            List<Outcome> out = new ArrayList<>();
            for (int i = 0; i < lines.size(); i++) {
                Process p = children.get(i);
                boolean exited = p.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                if (!exited) {
                    stop(p);
                }
                Line line = lines.get(i);
                out.add(new Outcome(line, exited ? p.exitValue() : -1, trials(store, line.study()),
                        dir.lineTuner(line.study()).root(), dir.lineTunerLog(line.study())));
            }
            return out;
        }

        /** Kills the tuners still running (after an interrupt or a failure none is left behind). */
        @Override
        public void close() {
            children.forEach(LineTuners::stop);
            ChildJvmCommand.forget(killer);
        }
    }

    /** Kills a tuner that is still running and waits (briefly) until it is gone; keeps the interrupt flag. */
    private static void stop(Process p) {
        if (!p.isAlive()) {
            return;
        }
        p.destroyForcibly();
        try {
            p.waitFor(GRACE.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static Process start(Class<?> main, Store store, Line line, TuningDir dir) throws IOException {
        Path spec = dir.lineTunerSpec(line.study());
        new LineTunerSpec(line.tuningFile().toAbsolutePath().toString(),
                dir.lineTuner(line.study()).root().toAbsolutePath().toString(), store.jdbcUrl(), store.user(),
                line.study()).write(spec);
        ProcessBuilder pb = new ProcessBuilder(ChildJvmCommand.of(ROLE, List.of(), main, List.of(spec.toString())))
                .redirectErrorStream(true).redirectOutput(dir.lineTunerLog(line.study()).toFile());
        pb.environment().put(LineTunerSpec.PASSWORD_ENV, store.password() == null ? "" : store.password());
        return pb.start();   // its stdin stays open in this JVM until this JVM exits
    }

    /** The line's completed trials as the store holds them (none when its tuner never created the study). */
    private static List<JournalLine.Trial> trials(Store store, String study) {
        try (StudyStore s = new PostgresStudy(store.jdbcUrl(), store.user(), store.password(), study).reopen()) {
            return s.completedTrials();
        } catch (io.tunescope.BadInputException e) {
            return List.of();
        }
    }
}
