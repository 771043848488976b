package io.tunescope.tune.command;

import io.tunescope.config.YamlSection;
import io.tunescope.config.YamlValue;
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
 *   maxSlices: 5             # paired slices a race may take
 *   halfWidthPercent: 5      # re-validate until the gain's interval is this narrow
 *   revalidateRuns: 20       # ... or this many runs of each side are spent
 *   unstableFactor: 3        # spread above this times the default's: unstable
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
        int slices = m.integer("maxSlices", d.maxSlices(), Integer.MIN_VALUE, Integer.MAX_VALUE);
        double half = m.number("halfWidthPercent", d.halfWidthPercent());
        int runs = m.integer("revalidateRuns", d.revalidateRuns(), Integer.MIN_VALUE, Integer.MAX_VALUE);
        double factor = m.number("unstableFactor", d.unstableFactor());
        double confidence = m.number("confidence", d.confidence());
        m.end();
        return top.at("protocol", () -> new TrialProtocol(mode, noise, slices, half, runs, factor, confidence,
                budgetTime));
    }

    private static TrialProtocol.Mode mode(YamlValue raw) {
        return switch (raw.oneOf("racing", "single")) {
            case "single" -> TrialProtocol.Mode.SINGLE;
            default -> TrialProtocol.Mode.RACING;
        };
    }
}
