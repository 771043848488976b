package io.tunescope.tune.command;

import io.tunescope.BadInputException;
import io.tunescope.config.LocatedYaml;
import io.tunescope.tune.session.TrialProtocol;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code protocol:} key of a tuning file (and {@code budgetTime:} beside {@code budget:}): either a word
 * ({@code racing}, {@code single}) or a mapping of the {@link TrialProtocol} settings, each optional:
 * <pre>
 * budgetTime: 30m            # s, m or h; a plain number is seconds
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
    /** The top-level keys this class reads. */
    static final Set<String> TOP_KEYS = Set.of("protocol", "budgetTime");
    private static final Set<String> KEYS = Set.of("mode", "noiseRepeats", "maxSlices", "halfWidthPercent",
            "revalidateRuns", "unstableFactor", "confidence");
    private static final Pattern DURATION = Pattern.compile("(-?\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)?");

    private final LocatedYaml yaml;

    ProtocolSection(LocatedYaml yaml) {
        this.yaml = yaml;
    }

    /** The protocol of the file whose top-level mapping is {@code top}: the default when it has neither key. */
    TrialProtocol protocol(Map<String, Object> top) {
        TrialProtocol d = TrialProtocol.defaults();
        Duration budgetTime = top.containsKey("budgetTime") ? duration(top.get("budgetTime"), "budgetTime") : null;
        Object raw = top.get("protocol");
        if (raw == null) {
            return at("budgetTime", () -> d.withBudgetTime(budgetTime));
        }
        if (!(raw instanceof Map<?, ?>)) {
            return at("protocol", () -> d.withMode(mode(raw, "protocol")).withBudgetTime(budgetTime));
        }
        Map<String, Object> m = yaml.map(raw, "protocol");
        for (String k : m.keySet()) {
            if (!KEYS.contains(k)) {
                throw yaml.error("protocol." + k, k, "is not a known key; expected one of " + new TreeSet<>(KEYS));
            }
        }
        TrialProtocol.Mode mode = m.containsKey("mode") ? mode(m.get("mode"), "protocol.mode") : d.mode();
        int noise = integer(m, "noiseRepeats", d.noiseRepeats());
        int slices = integer(m, "maxSlices", d.maxSlices());
        double half = number(m, "halfWidthPercent", d.halfWidthPercent());
        int runs = integer(m, "revalidateRuns", d.revalidateRuns());
        double factor = number(m, "unstableFactor", d.unstableFactor());
        double confidence = number(m, "confidence", d.confidence());
        return at("protocol", () -> new TrialProtocol(mode, noise, slices, half, runs, factor, confidence,
                budgetTime));
    }

    private TrialProtocol.Mode mode(Object raw, String path) {
        if ("racing".equals(raw)) {
            return TrialProtocol.Mode.RACING;
        }
        if ("single".equals(raw)) {
            return TrialProtocol.Mode.SINGLE;
        }
        throw yaml.error(path, raw, "must be racing or single (or a mapping of protocol settings)");
    }

    private int integer(Map<String, Object> m, String key, int fallback) {
        Object raw = m.get(key);
        if (raw == null) {
            return fallback;
        }
        if (raw instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue())) {
            return n.intValue();
        }
        throw yaml.error("protocol." + key, raw, "must be an integer");
    }

    private double number(Map<String, Object> m, String key, double fallback) {
        Object raw = m.get(key);
        if (raw == null) {
            return fallback;
        }
        if (raw instanceof Number n) {
            return n.doubleValue();
        }
        throw yaml.error("protocol." + key, raw, "must be a number");
    }

    /** {@code 30m}, {@code 90s}, {@code 1h}, {@code 500ms}, or a plain number of seconds. */
    private Duration duration(Object raw, String path) {
        Matcher mt = DURATION.matcher(String.valueOf(raw).trim());
        if (raw == null || !mt.matches()) {
            throw yaml.error(path, raw, "must be a duration such as 90s, 30m or 1h");
        }
        double v = Double.parseDouble(mt.group(1));
        String unit = mt.group(2) == null ? "s" : mt.group(2);
        double millis = v * switch (unit) {
            case "ms" -> 1;
            case "m" -> 60_000;
            case "h" -> 3_600_000;
            default -> 1_000;
        };
        if (!(millis >= 1)) {
            throw yaml.error(path, raw, "must be above 0");
        }
        return Duration.ofMillis(Math.round(millis));
    }

    /** Runs {@code body}, giving a rule it breaks the file and line of {@code path}. */
    private TrialProtocol at(String path, java.util.function.Supplier<TrialProtocol> body) {
        try {
            return body.get();
        } catch (BadInputException e) {
            String msg = e.getMessage();
            if (msg.startsWith(yaml.fileName() + ":")) {
                throw e;
            }
            String key = msg.contains(" ") ? msg.substring(0, msg.indexOf(' ')) : path;
            throw yaml.at(key.startsWith("protocol") || key.equals("budgetTime") ? key : path, e);
        }
    }
}
