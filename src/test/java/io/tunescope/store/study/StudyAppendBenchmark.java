package io.tunescope.store.study;

import io.tunescope.engine.postgres.PostgresBinaries;
import io.tunescope.engine.postgres.PostgresServer;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Trials appended per second to one PostgreSQL study by 1 and by W concurrent writer processes (each trial: one
 * claim and one append transaction, durable commits), on a private instance with fsync on. The rate is taken from
 * the server's own timestamps: trials / (last completion - first claim). Writer counts alternate within each repeat.
 * <pre>
 * java -cp target/test-classes:target/classes:$(cat target/test-cp.txt) io.tunescope.store.study.StudyAppendBenchmark \
 *     TRIALS REPEATS W1,W2,...
 * </pre>
 */
public final class StudyAppendBenchmark {
    private StudyAppendBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int trials = Integer.parseInt(args[0]);
        int repeats = Integer.parseInt(args[1]);
        List<Integer> writerCounts = new ArrayList<>();
        for (String w : args[2].split(",")) {
            writerCounts.add(Integer.parseInt(w));
        }
        Path home = Files.createTempDirectory("study-bench");
        try (PostgresServer server = PostgresServer.start(PostgresBinaries.locate(null), home, null,
                List.of("fsync = on", "synchronous_commit = on", "full_page_writes = on"))) {
            System.out.println("writers,repeat,trials,seconds,trialsPerSec");
            for (int r = 0; r < repeats; r++) {
                List<Integer> order = new ArrayList<>(writerCounts);
                if (r % 2 == 1) {
                    java.util.Collections.reverse(order);
                }
                for (int w : order) {
                    String study = "bench-" + w + "-" + r;
                    run(server, study, w, trials / w, home.resolve(study + ".go"));
                    double seconds = span(server, study);
                    int n = trials / w * w;
                    System.out.printf("%d,%d,%d,%.3f,%.1f%n", w, r, n, seconds, n / seconds);
                }
            }
        }
    }

    private static void run(PostgresServer server, String study, int writers, int each, Path go) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<Process> ps = new ArrayList<>();
        for (int i = 0; i < writers; i++) {
            ProcessBuilder pb = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                    StudyWriterMain.class.getName(), server.jdbcUrl(), server.user(), study, Integer.toString(each),
                    go.toString()).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
            pb.environment().put("TUNESCOPE_STUDY_PASSWORD", server.password());
            ps.add(pb.start());
        }
        Thread.sleep(3000);   // let every writer start its JVM and join the study before the gate opens
        Files.writeString(go, "go");
        for (Process p : ps) {
            if (!p.waitFor(600, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IllegalStateException("a writer failed");
            }
        }
    }

    private static double span(PostgresServer server, String study) throws Exception {
        try (Connection c = StudyServers.connect(server); PreparedStatement q = c.prepareStatement(
                "SELECT extract(epoch FROM max(completed_at) - min(claimed_at)) FROM tunescope_trial WHERE study = ?")) {
            q.setString(1, study);
            try (ResultSet rs = q.executeQuery()) {
                rs.next();
                return rs.getDouble(1);
            }
        }
    }
}
