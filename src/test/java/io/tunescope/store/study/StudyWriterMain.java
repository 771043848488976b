package io.tunescope.store.study;

import io.tunescope.store.JournalLine;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * One writer process of the concurrent-writer test: joins study NAME at URL as USER (password from
 * TUNESCOPE_STUDY_PASSWORD), waits for the file GO, then claims and appends TRIALS trials as fast as it can and prints
 * {@code appended N}. {@code java -cp TEST_CLASSPATH io.tunescope.store.study.StudyWriterMain URL USER NAME TRIALS GO}
 */
public final class StudyWriterMain {
    static final JournalLine.Session HEADER = new JournalLine.Session("random", 1, "minimize", "[x int 1..1000000]");

    private StudyWriterMain() {
    }

    public static void main(String[] args) throws Exception {
        PostgresStudy study = new PostgresStudy(args[0], args[1], System.getenv("TUNESCOPE_STUDY_PASSWORD"), args[2]);
        int trials = Integer.parseInt(args[3]);
        Path go = Path.of(args[4]);
        int appended = 0;
        try (StudyStore store = study.join(HEADER)) {
            while (!Files.exists(go)) {
                Thread.sleep(5);
            }
            long pid = ProcessHandle.current().pid();
            for (int i = 0; i < trials; i++) {
                Map<String, Object> config = Map.of("x", pid * 1000 + i);
                int n = store.claim(0, config, false);
                store.append(new JournalLine.Trial(n, config, "ok", (double) i, List.of((double) i), null, false, 0));
                appended++;
            }
        }
        System.out.println("appended " + appended);
    }
}
