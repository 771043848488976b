package io.tunescope.monitor.fidelity;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Test-side handle on a {@link SpinSleepProgram} child JVM; closing it always ends the child. Waiting for a line of
 * the child never blocks longer than {@link #LINE_TIMEOUT_SECONDS}: a daemon thread reads the child's output into a
 * queue, so a child that hangs fails the test instead of hanging it (and the constructor kills a child that never
 * says READY).
 */
final class SpinSleepChild implements AutoCloseable {
    static final long LINE_TIMEOUT_SECONDS = 30;
    final Process process;
    final int[] tids;
    private final BlockingQueue<Optional<String>> lines = new LinkedBlockingQueue<>();
    private final OutputStream in;

    private SpinSleepChild(Process process) throws IOException {
        this.process = process;
        this.in = process.getOutputStream();
        Thread reader = new Thread(this::readLines, "spin-sleep-child-reader");
        reader.setDaemon(true);
        reader.start();
        try {
            String[] ready = line("READY");
            this.tids = Arrays.stream(ready).mapToInt(Integer::parseInt).toArray();
        } catch (IOException | RuntimeException e) {
            process.destroyForcibly();
            throw e;
        }
    }

    private void readLines() {
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.US_ASCII))) {
            String l;
            while ((l = out.readLine()) != null) {
                lines.add(Optional.of(l));
            }
        } catch (IOException e) {
            // the child's pipe closed: the end marker below says so
        }
        lines.add(Optional.empty());
    }

    static SpinSleepChild start(int threads, int cycles, int spinMillis, int sleepMillis) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp;
        try {
            cp = Path.of(SpinSleepProgram.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                    .toString();
        } catch (URISyntaxException e) {
            throw new IOException(e);
        }
        Process p = new ProcessBuilder(List.of(java, "-Xint", "-XX:+UseSerialGC", "-Xmx64m", "-XX:+UnlockDiagnosticVMOptions",
                "-XX:GuaranteedSafepointInterval=0", "-cp", cp,
                SpinSleepProgram.class.getName(), Integer.toString(threads), Integer.toString(cycles),
                Integer.toString(spinMillis), Integer.toString(sleepMillis)))
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        return new SpinSleepChild(p);
    }

    long pid() {
        return process.pid();
    }

    void send(String word) throws IOException {
        in.write((word + "\n").getBytes(StandardCharsets.US_ASCII));
        in.flush();
    }

    /** The fields after {@code word} on the next line that starts with it; fails after the line timeout. */
    String[] line(String word) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(LINE_TIMEOUT_SECONDS);
        while (true) {
            Optional<String> l;
            try {
                l = lines.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted waiting for " + word, e);
            }
            if (l == null) {
                throw new IOException("child printed no " + word + " line within " + LINE_TIMEOUT_SECONDS + " s");
            }
            if (l.isEmpty()) {
                lines.add(l);
                throw new IOException("child ended before printing " + word);
            }
            if (l.get().startsWith(word + " ")) {
                return l.get().substring(word.length() + 1).trim().split(" ");
            }
        }
    }

    /**
     * Asks the child to quit and kills it if it has not within five seconds. Interrupted while waiting, it kills at
     * once and keeps the interrupt status rather than throwing InterruptedException out of a try-with-resources.
     */
    @Override
    public void close() {
        try {
            send("QUIT");
        } catch (IOException e) {
            // already gone
        }
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
