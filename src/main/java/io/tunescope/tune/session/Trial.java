package io.tunescope.tune.session;

import io.tunescope.tune.space.Configuration;

/** A configuration the session wants measured: run it, then tell the session the result (or that it failed). */
public record Trial(int number, Configuration config, boolean isDefault) {
    public Trial {
        if (number < 1) {
            throw new IllegalArgumentException("trial number (" + number + ") must be at least 1");
        }
    }
}
