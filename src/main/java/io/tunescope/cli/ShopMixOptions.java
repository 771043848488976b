package io.tunescope.cli;

import io.tunescope.shop.Mix;
import io.tunescope.shop.stack.ShopRunConfig;
import picocli.CommandLine.Option;

import java.time.Duration;

/** The mix and the ramp-up of every shop command that drives emulated browsers. */
public final class ShopMixOptions {
    @Option(names = "--mix", defaultValue = "browsing", description = "browsing, shopping or ordering "
            + "(default: ${DEFAULT-VALUE})")
    String mix;

    @Option(names = "--ramp-up", defaultValue = ShopRunConfig.DEFAULT_RAMP_UP_TEXT,
            converter = DurationConverter.class,
            description = "browsers start spread over this, unmeasured (default: ${DEFAULT-VALUE})")
    Duration rampUp;

    Mix mix() {
        return Mix.parse(mix);
    }
}
