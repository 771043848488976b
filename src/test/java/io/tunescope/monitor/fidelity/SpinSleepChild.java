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
import java.util.concurrent.TimeUnit;

/** Test-side handle on a {@link SpinSleepProgram} child JVM; closing it always ends the child. */
final class SpinSleepChild implements AutoCloseable {
    final Process process;
    final int[] tids;
    private final BufferedReader out;
    private final OutputStream in;

    private SpinSleepChild(Process process) throws IOException {
        this.process = process;
        this.out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.US_ASCII));
        this.in = process.getOutputStream();
        String[] ready = line("READY");
        this.tids = Arrays.stream(ready).mapToInt(Integer::parseInt).toArray();
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

    /** The fields after {@code word} on the next line that starts with it. */
    String[] line(String word) throws IOException {
        String l;
        while ((l = out.readLine()) != null) {
            if (l.startsWith(word + " ")) {
                return l.substring(word.length() + 1).trim().split(" ");
            }
        }
        throw new IOException("child ended before printing " + word);
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
