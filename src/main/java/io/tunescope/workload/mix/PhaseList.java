package io.tunescope.workload.mix;

import io.tunescope.BadInputException;
import io.tunescope.config.DurationText;
import io.tunescope.workload.WorkloadConfig;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A load shape written on the command line ({@code --phases}): phases separated by commas, each
 * {@code DURATION:USERS} (closed load) or {@code DURATION:RATE/s} (arrivals per second per tenant), with
 * {@code :warmup} after a phase whose transactions are left out of the results; for example
 * {@code 10s:2:warmup,30s:8,30s:200/s}. Weights per phase are a workload file's to give.
 */
public final class PhaseList {
    public static final String FORMAT = "DURATION:USERS or DURATION:RATE/s, optionally :warmup, separated by commas "
            + "(e.g. 10s:2:warmup,30s:8,30s:200/s)";

    private PhaseList() {
    }

    /** The phases {@code text} gives, in order; bad input naming the phase and the rule when one is malformed. */
    public static List<LoadPhase> parse(String text) {
        if (text == null || text.isBlank()) {
            throw BadInputException.of("phases", text == null ? "" : text, "must list at least one phase: " + FORMAT);
        }
        List<LoadPhase> phases = new ArrayList<>();
        for (String item : text.split(",", -1)) {
            phases.add(phase(item.trim()));
        }
        return List.copyOf(phases);
    }

    private static LoadPhase phase(String item) {
        String[] parts = item.split(":", -1);
        boolean warmup = parts.length == 3 && parts[2].equalsIgnoreCase("warmup");
        if (parts.length != 2 && !warmup) {
            throw BadInputException.of("phases", item, "must be " + FORMAT);
        }
        Duration duration = DurationText.parse("phases", parts[0]);
        String load = parts[1].trim();
        if (load.endsWith("/s")) {
            double rate = number(item, load.substring(0, load.length() - 2));
            return new LoadPhase(duration, 0, rate, Map.of(), warmup);
        }
        double users = number(item, load);
        if (users != Math.rint(users) || users < 1 || users > WorkloadConfig.MAX_USERS) {
            throw BadInputException.of("phases", item, "must give a whole number of users from 1 to "
                    + WorkloadConfig.MAX_USERS + " (or a rate as RATE/s)");
        }
        return new LoadPhase(duration, (int) users, 0, Map.of(), warmup);
    }

    private static double number(String item, String text) {
        try {
            double v = Double.parseDouble(text.trim());
            if (!(v > 0) || Double.isInfinite(v)) {
                throw BadInputException.of("phases", item, "must give users or a rate above 0");
            }
            return v;
        } catch (NumberFormatException e) {
            throw BadInputException.of("phases", item, "must be " + FORMAT);
        }
    }
}
