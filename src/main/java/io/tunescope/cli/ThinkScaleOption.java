package io.tunescope.cli;

import io.tunescope.shop.browser.ThinkTime;
import picocli.CommandLine.Option;

/**
 * {@code --think-scale} of the shop's commands that drive emulated browsers: TPC-W's think time as it is (1), unless a
 * command says otherwise through {@link CommandDefaults} ({@code shop capacity} shortens it so that its highest level
 * can saturate a tier).
 */
public final class ThinkScaleOption {
    @Option(names = "--think-scale", defaultValue = "1", paramLabel = "SCALE", description = "multiplies TPC-W's think "
            + "time (mean 7 s, at most 70 s); a closed load of N browsers asks at most N / (7 s x SCALE) interactions "
            + "per second, so a small scale lets a few browsers load the store, or saturate a tier (docs/shop.md) "
            + "(default: ${DEFAULT-VALUE})")
    double thinkScale;

    ThinkTime think() {
        return new ThinkTime(thinkScale);
    }
}
