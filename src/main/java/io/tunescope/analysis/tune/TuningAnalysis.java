package io.tunescope.analysis.tune;

import io.tunescope.BadInputException;
import io.tunescope.store.BestSoFar;
import io.tunescope.store.CrossApplyMatrix;
import io.tunescope.store.JournalLine;
import io.tunescope.store.TuningDir;
import io.tunescope.store.TuningProtocol;
import io.tunescope.store.TuningSummary;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What the report shows of a tuning directory (written by {@code tunescope tune}): for each session (one, or one per
 * workload of a session tuned for several) the convergence (every trial's objective and the best so far, failed
 * trials marked), the parameter ranking, the trial protocol's noise and races ({@link TuningProtocol}) and
 * {@code best.json} with the verdict; and the cross-apply matrix when there is one. Read from the files in
 * {@code store} only: the journal, {@code summary.json}, {@code best.json} and {@code matrix.json}.
 */
public record TuningAnalysis(String name, List<Session> sessions, CrossApplyMatrix matrix) {
    public TuningAnalysis {
        sessions = List.copyOf(sessions);
    }

    /**
     * One session: its workload (null when the directory tuned one), how it searched, what it found, and how its trial
     * protocol measured (null when the session did not finish).
     */
    public record Session(String workload, String strategy, long seed, String direction, List<Point> convergence,
                          List<TuningSummary.Importance> importance, BestSoFar best,
                          TuningProtocol protocol) {
        public Session {
            convergence = List.copyOf(convergence);
            importance = List.copyOf(importance);
        }

        public long failedTrials() {
            return convergence.stream().filter(p -> !p.ok()).count();
        }

        /** The first trial whose best so far is as good as the session's final best (0: no successful trial). */
        public int trialsToBest() {
            Double last = convergence.isEmpty() ? null : convergence.get(convergence.size() - 1).bestSoFar();
            for (Point p : convergence) {
                if (last != null && last.equals(p.bestSoFar())) {
                    return p.trial();
                }
            }
            return 0;
        }
    }

    /**
     * One trial in journal order: its objective (null when it failed, with the reason), and the best objective of the
     * successful trials up to it (null before the first success).
     */
    public record Point(int trial, Double objective, Double bestSoFar, boolean ok, boolean isDefault, String reason) {
    }

    /** Whether {@code dir} holds a tuning session: a journal, or the matrix of a session tuned for several workloads. */
    public static boolean isTuningDirectory(Path dir) {
        TuningDir t = TuningDir.of(dir);
        return Files.isRegularFile(t.trialLines()) || Files.isRegularFile(t.matrix());
    }

    public static TuningAnalysis load(Path dir) throws IOException {
        TuningDir t = TuningDir.of(dir);
        String name = dir.toAbsolutePath().normalize().getFileName().toString();
        if (Files.isRegularFile(t.trialLines())) {
            return new TuningAnalysis(name, List.of(session(t, null)), null);
        }
        if (!Files.isRegularFile(t.matrix())) {
            throw BadInputException.of("DIR", dir, "holds no tuning journal and no " + t.matrix().getFileName());
        }
        CrossApplyMatrix matrix = CrossApplyMatrix.read(t.matrix());
        List<Session> sessions = new ArrayList<>();
        for (String w : matrix.workloads()) {
            if (Files.isRegularFile(t.workload(w).journal())) {
                sessions.add(session(t.workload(w), w));
            }
        }
        return new TuningAnalysis(name, sessions, matrix);
    }

    private static Session session(TuningDir t, String workload) throws IOException {
        JournalLine.Session header = null;
        List<JournalLine.Trial> trials = new ArrayList<>();
        for (String line : Files.readAllLines(t.trialLines())) {
            if (line.isBlank()) {
                continue;
            }
            JournalLine l;
            try {
                l = JournalLine.parse(line);
            } catch (IOException torn) {
                break; // a line torn by a crash ends what the journal holds, as --resume reads it
            }
            if (l instanceof JournalLine.Session s) {
                header = s;
            } else if (l instanceof JournalLine.Trial tr) {
                trials.add(tr);
            }
        }
        if (header == null) {
            throw BadInputException.of("journal", t.trialLines(), "has no session line");
        }
        BestSoFar best = Files.isRegularFile(t.best()) ? BestSoFar.read(t.best()) : null;
        TuningSummary summary = TuningSummary.read(t.summary());
        // a session that did not finish has no summary, so no ranking and no protocol to show
        return new Session(workload, header.strategy(), header.seed(), header.direction(),
                convergence(trials, header.direction()), summary == null ? List.of() : summary.importance(), best,
                summary == null ? null : summary.trialProtocol());
    }

    /** The trials in journal order with the best so far (lower is better unless {@code direction} is maximize). */
    static List<Point> convergence(List<JournalLine.Trial> trials, String direction) {
        boolean maximize = "maximize".equals(direction);
        List<Point> out = new ArrayList<>();
        Double best = null;
        for (JournalLine.Trial tr : trials) {
            boolean ok = tr.objective() != null && !"failed".equalsIgnoreCase(tr.status());
            if (ok && (best == null || (maximize ? tr.objective() > best : tr.objective() < best))) {
                best = tr.objective();
            }
            out.add(new Point(tr.trial(), ok ? tr.objective() : null, best, ok, tr.isDefault(),
                    ok ? null : tr.reason()));
        }
        return out;
    }
}
