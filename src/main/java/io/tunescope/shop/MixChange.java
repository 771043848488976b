package io.tunescope.shop;

import io.tunescope.BadInputException;
import io.tunescope.config.DurationText;

import java.time.Duration;

/**
 * A change of mix during a run ({@code --mix-change ordering@60s}): from {@code at} after the start of the
 * measurement interval, the emulated browsers follow {@code to}'s transition matrix. The interval then has two
 * phases, before and after the change, each with its own WIPS.
 */
public record MixChange(Mix to, Duration at) {
    public static final String FIELD = "mix-change";

    public MixChange {
        if (to == null) {
            throw BadInputException.of(FIELD, null, "must name a mix");
        }
        if (at == null || at.isZero() || at.isNegative()) {
            throw BadInputException.of(FIELD, to.label() + "@" + (at == null ? "null" : DurationText.format(at)),
                    "must change after the start of the measurement interval");
        }
    }

    /** {@code ordering@60s}: the mix, {@code @}, then when (after the start of the measurement interval). */
    public static MixChange parse(String text) {
        int at = text == null ? -1 : text.indexOf('@');
        if (at <= 0 || at == text.length() - 1) {
            throw BadInputException.of(FIELD, text, "must be MIX@TIME, e.g. ordering@60s");
        }
        Mix mix;
        try {
            mix = Mix.parse(text.substring(0, at));
        } catch (BadInputException e) {
            throw BadInputException.of(FIELD, text, "must start with one of browsing, shopping, ordering");
        }
        Duration when = DurationText.parseNonNegative(FIELD, text.substring(at + 1));
        return new MixChange(mix, when);
    }

    /**
     * Checks that the change falls inside a measurement interval of {@code measure}, and is not to {@code from}.
     */
    public MixChange within(Mix from, Duration measure) {
        if (at.compareTo(measure) >= 0) {
            throw BadInputException.of(FIELD, label(), "must fall inside the measurement interval ("
                    + DurationText.format(measure) + ")");
        }
        if (to == from) {
            throw BadInputException.of(FIELD, label(), "must change to another mix than " + from.label());
        }
        return this;
    }

    public String label() {
        return to.label() + "@" + DurationText.format(at);
    }
}
