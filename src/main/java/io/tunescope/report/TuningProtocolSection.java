package io.tunescope.report;

import io.tunescope.analysis.tune.TuningAnalysis;
import io.tunescope.store.BestSoFar;
import io.tunescope.store.Revalidated;
import io.tunescope.store.TuningProtocol;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The tuning report's section on how each session measured: the noise the default's repeated measurements showed
 * (coefficient of variation, drift), each race's decision with its gain and interval, the configurations flagged
 * unstable with their spread, and the verdict with the interval it resolved and, for a database, where default and
 * best differed.
 */
final class TuningProtocolSection {
    private TuningProtocolSection() {
    }

    static void render(Html h, TuningAnalysis a) {
        for (TuningAnalysis.Session s : a.sessions()) {
            if (s.workload() != null) {
                h.heading(3, "Workload " + s.workload(), null);
            }
            h.paragraph(verdict(s.best()));
            VerdictExplanationSection.render(h, s.best() == null ? null : s.best().explanation());
            TuningProtocol p = s.protocol();
            if (p == null) {
                h.paragraph("The session did not finish: no summary.json to read its protocol from.");
                continue;
            }
            h.paragraph(noise(p));
            if (!p.races().isEmpty()) {
                races(h, p);
            }
            if (!p.unstable().isEmpty()) {
                unstable(h, p);
            }
        }
    }

    /** The verdict sentence: what the re-validation's interval shows, or why there was none. */
    static String verdict(BestSoFar b) {
        if (b == null || b.verdict() == null) {
            return "No verdict: the session did not finish.";
        }
        Revalidated r = b.revalidated();
        StringBuilder s = new StringBuilder("Verdict: ").append(b.verdict());
        if (r != null && r.improvementPercent() != null) {
            s.append(String.format(Locale.ROOT, " (re-validated gain %+.1f %% %s, 95 %% interval", r.improvementPercent(),
                    interval(r.improvementCi95())));
            if (b.verdictHalfWidthPercent() != null) {
                s.append(String.format(Locale.ROOT, " ±%.1f points", b.verdictHalfWidthPercent()));
            }
            s.append(", ").append(r.runs()).append(" runs of each of default and best");
            if (r.failedRuns() > 0) {
                s.append(", ").append(r.failedRuns()).append(" failed");
            }
            s.append(").");
        } else {
            s.append(": not re-validated (no configuration beat the default in its race, or the file asked for no "
                    + "re-validation).");
        }
        return s.toString();
    }

    static String noise(TuningProtocol p) {
        String head = "Protocol: " + p.mode() + (p.measurements() == null ? "" : ", " + p.measurements()
                + " measurements in all") + ". ";
        if (p.noise() == null) {
            return head + ("racing".equals(p.mode()) ? "No noise estimate: the default was not measured twice."
                    : "One measurement per trial: no noise estimate.");
        }
        TuningProtocol.Noise n = p.noise();
        return head + String.format(Locale.ROOT, "Noise of the default (%d measurements, mean %s): coefficient of "
                + "variation %.2f %%, drift %+.2f %% of the mean per measurement.", n.measurements(),
                Html.format(n.mean()), n.cvPercent(), n.driftPercentPerMeasurement());
    }

    private static void races(Html h, TuningProtocol p) {
        List<List<Object>> rows = new ArrayList<>();
        for (TuningProtocol.Race r : p.races()) {
            rows.add(List.of(r.trial(), r.against() == null ? "" : r.against(), r.measurements(),
                    r.pairs() == null ? "" : r.pairs(), r.decision(),
                    r.gainPercent() == null ? "" : r.gainPercent(),
                    r.gainInterval() == null ? "" : interval(r.gainInterval())));
        }
        h.table(List.of("trial", "raced against trial", "measurements", "paired slices", "decision", "gain %",
                "gain interval %"), rows);
        h.raw("<p class=\"note\">").raw(Html.escape("A candidate measured once and clearly worse than the incumbent "
                + "stops there (no pairs); otherwise it races the incumbent in paired slices until the sequential "
                + "test decides. A race only chooses the incumbent; the verdict comes from the re-validation."))
                .raw("</p>\n");
    }

    private static void unstable(Html h, TuningProtocol p) {
        List<List<Object>> rows = new ArrayList<>();
        for (TuningProtocol.Unstable u : p.unstable()) {
            rows.add(List.of(u.trial(), u.config(), u.measurements(), u.cvPercent() == null ? "" : u.cvPercent(),
                    u.referenceCvPercent() == null ? "" : u.referenceCvPercent(),
                    u.reference() == null ? "" : u.reference(),
                    u.defaultCvPercent() == null ? "" : u.defaultCvPercent()));
        }
        h.paragraph("Unstable configurations (their measurements spread much more than the incumbent's in the same "
                + "race, or where that race had too few, the default's in the noise phase; never chosen as best):");
        h.table(List.of("trial", "configuration", "measurements", "coefficient of variation %", "judged against %",
                "judged against", "default's in the noise phase %"), rows);
    }

    private static String interval(List<Double> ci) {
        return ci == null || ci.size() != 2 ? "" : String.format(Locale.ROOT, "[%.1f, %.1f]", ci.get(0), ci.get(1));
    }
}
