package io.tunescope.monitor.trace;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The byte parser ({@link SchedTraceParser#parseAll}) against the first, regular-expression one
 * ({@link RegexSchedTraceParser}, fed lines from a {@code BufferedReader} as {@code TracefsTracer.stop()} did):
 * thread CPU time to parse the same trace text, ~27,000 events (the recorded spinner/sleeper trace repeated with
 * shifted timestamps: the event rate of 8 s of exact mode in the first measurement). Median of repeats after
 * warm-ups. Run: see docs/benchmarks.md.
 */
public final class SchedTraceParserBenchmark {
    private SchedTraceParserBenchmark() {
    }

    /** The recorded trace repeated {@code copies} times, each copy's timestamps a second later. */
    static byte[] trace(int copies) throws IOException {
        String one;
        try (InputStream in = SchedTraceParserBenchmark.class.getResourceAsStream("/trace/tracefs-spinner-sleeper.txt")) {
            one = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        StringBuilder all = new StringBuilder();
        for (int c = 0; c < copies; c++) {
            for (String line : one.split("\n")) {
                if (!line.startsWith("#")) {
                    // "  3233.794506:" -> shifted by c seconds
                    all.append(line.replaceFirst("(\\s)(\\d+)\\.(\\d{6}):", "$1" + (10_000 + c) + ".$3:")).append('\n');
                }
            }
        }
        return all.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** {@code [repeats]} for warm medians, or {@code cold regex|bytes}: one parse in a fresh JVM, as a run does. */
    public static void main(String[] args) throws IOException {
        byte[] text = trace(200);
        if (args.length == 2 && args[0].equals("cold")) {
            var bean = ManagementFactory.getThreadMXBean();
            long t0 = bean.getCurrentThreadCpuTime();
            int n = args[1].equals("regex") ? regex(text).size() : bytes(text).size();
            System.out.printf(Locale.ROOT, "%s parser, cold: %,d events in %.1f ms CPU%n", args[1], n,
                    (bean.getCurrentThreadCpuTime() - t0) / 1e6);
            return;
        }
        int repeats = args.length > 0 ? Integer.parseInt(args[0]) : 15;
        System.out.printf(Locale.ROOT, "trace: %,d bytes, %,d events%n", text.length, bytes(text).size());
        double regex = medianCpuMillis(repeats, () -> regex(text).size());
        double bytes = medianCpuMillis(repeats, () -> bytes(text).size());
        System.out.printf(Locale.ROOT, "regex parser  %8.2f ms CPU%nbyte parser   %8.2f ms CPU%nratio         %8.1f x%n",
                regex, bytes, regex / bytes);
    }

    static List<SchedEvent> regex(byte[] text) {
        List<SchedEvent> out = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(new ByteArrayInputStream(text),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                SchedEvent e = RegexSchedTraceParser.parse(line);
                if (e != null) {
                    out.add(e);
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return out;
    }

    static List<SchedEvent> bytes(byte[] text) {
        List<SchedEvent> out = new ArrayList<>();
        try {
            SchedTraceParser.parseAll(new ByteArrayInputStream(text), out);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return out;
    }

    private static double medianCpuMillis(int repeats, java.util.function.IntSupplier work) {
        var bean = ManagementFactory.getThreadMXBean();
        for (int w = 0; w < 5; w++) {
            work.getAsInt();
        }
        double[] ms = new double[repeats];
        for (int r = 0; r < repeats; r++) {
            long t0 = bean.getCurrentThreadCpuTime();
            work.getAsInt();
            ms[r] = (bean.getCurrentThreadCpuTime() - t0) / 1e6;
        }
        Arrays.sort(ms);
        return ms[repeats / 2];
    }
}
