package io.tunescope.tune.command;

import io.tunescope.config.YamlSection;
import io.tunescope.config.YamlValue;
import io.tunescope.tune.session.Replication;
import io.tunescope.tune.session.TrialProtocol;

import java.time.Duration;

/**
 * The {@code protocol:} key of a tuning file (and {@code budgetTime:} beside {@code budget:}): either a word
 * ({@code racing}, {@code single}) or a mapping of the {@link TrialProtocol} settings, each optional:
 * <pre>
 * budgetTime: 30m            # a duration with its unit
 * protocol:
 *   mode: racing             # or single
 *   noiseRepeats: 4          # measurements of the default before the search
 *   maxSlices: auto          # paired slices a race may take: auto (sized from the noise) or a number
 *   halfWidthPercent: 5      # re-validate until the gain's interval is this narrow
 *   revalidateRuns: auto     # runs of each side: auto or a number (then: until narrow, or this many)
 *   measurementsPerTrial: 10 # auto without budgetTime: at most this many measurements per trial of the budget
 *   unstableFactor: 3        # spread above this times the incumbent's in the race: unstable
 *   confidence: 0.95
 * </pre>
 */
final class ProtocolSection {
    private ProtocolSection() {
    }

    /**
     * The protocol of the file whose top-level section is {@code top}: racing with {@link TrialProtocol#defaults()}
     * when it names none (or names {@code racing}); a mapping sets the racing protocol's settings, each defaulting to
     * those; {@code single} (one measurement per trial) only when the file asks for it.
     */
    static TrialProtocol protocol(YamlSection top) {
        TrialProtocol d = TrialProtocol.defaults();
        Duration budgetTime = top.duration("budgetTime", null);
        YamlValue raw = top.value("protocol");
        if (!raw.present()) {
            return top.at("budgetTime", () -> d.withBudgetTime(budgetTime));
        }
        if (!raw.isMapping()) {
            return top.at("protocol", () -> d.withMode(mode(raw)).withBudgetTime(budgetTime));
        }
        YamlSection m = raw.section();
        YamlValue modeValue = m.value("mode");
        TrialProtocol.Mode mode = modeValue.present() ? mode(modeValue) : d.mode();
        int noise = m.integer("noiseRepeats", d.noiseRepeats(), Integer.MIN_VALUE, Integer.MAX_VALUE);
        Replication slices = replication(m.value("maxSlices"), d.maxSlices());
        double half = m.number("halfWidthPercent", d.halfWidthPercent());
        Replication runs = replication(m.value("revalidateRuns"), d.revalidateRuns());
        int perTrial = m.integer("measurementsPerTrial", d.measurementsPerTrial(), Integer.MIN_VALUE,
                Integer.MAX_VALUE);
        double factor = m.number("unstableFactor", d.unstableFactor());
        double confidence = m.number("confidence", d.confidence());
        m.end();
        return top.at("protocol", () -> new TrialProtocol(mode, noise, slices, half, runs, factor, confidence,
                perTrial, budgetTime));
    }

    /** {@code auto} or a whole number (whose rule the protocol checks), or {@code fallback} when absent. */
    private static Replication replication(YamlValue v, Replication fallback) {
        if (!v.present()) {
            return fallback;
        }
        if (v.node().isTextual() && "auto".equals(v.node().asText())) {
            return Replication.AUTO;
        }
        if (!v.node().isNumber()) {
            throw v.error("must be auto or a whole number");
        }
        return Replication.of(v.integer(Integer.MIN_VALUE, Integer.MAX_VALUE));
    }

    private static TrialProtocol.Mode mode(YamlValue raw) {
        return switch (raw.oneOf("racing", "single")) {
            case "single" -> TrialProtocol.Mode.SINGLE;
            default -> TrialProtocol.Mode.RACING;
        };
    }
}
