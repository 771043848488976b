package io.tunescope.cli;

import io.tunescope.shop.Mix;
import io.tunescope.shop.MixChange;
import io.tunescope.shop.browser.ThinkTime;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.time.Duration;

/**
 * One load of emulated browsers, shared by {@code shop run} and {@code shop reconfigure}: how many, which mix and its
 * change, the ramp-up, how long it is measured (each command says its default: {@link CommandDefaults}) and the think
 * time.
 */
public final class ShopLoadOptions {
    @Mixin
    ShopBrowsersOption browsers;

    @Mixin
    ShopMixOptions mix;

    @Mixin
    MeasurementOption measurement;

    @Option(names = "--mix-change", paramLabel = "MIX@TIME", description = "change the mix during the measurement, "
            + "e.g. ordering@60s (60 s after it starts); the results then give each phase's WIPS "
            + "(default: one mix throughout)")
    String mixChange;

    @Mixin
    ThinkScaleOption thinkScale;

    int browsers() {
        return browsers.browsers;
    }

    Mix mix() {
        return mix.mix();
    }

    Duration rampUp() {
        return mix.rampUp;
    }

    Duration duration() {
        return measurement.duration();
    }

    MixChange mixChange() {
        return mixChange == null ? null : MixChange.parse(mixChange);
    }

    ThinkTime think() {
        return thinkScale.think();
    }
}
