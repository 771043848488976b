package io.tunescope.shop.browser;

import io.tunescope.BadInputException;
import io.tunescope.shop.Mix;
import io.tunescope.shop.MixChange;
import io.tunescope.shop.ShopScale;

import java.net.URI;
import java.time.Duration;

/**
 * One load of emulated browsers against a store at {@code baseUrl}: the mix, how many browsers, the ramp-up (the
 * browsers start spread over it), the measurement interval and the ramp-down, the think time, the store's size (for
 * the keys the browsers draw), the seed of every browser's choices, and for open load the sessions' arrival rate
 * (0: closed load, {@code browsers} loop for the whole run), and a change of mix during the measurement interval
 * (null: none).
 */
public record BrowserRunConfig(URI baseUrl, Mix mix, int browsers, Duration rampUp, Duration measure,
                               Duration rampDown, ThinkTime think, ShopScale scale, long seed,
                               double arrivalRatePerSecond, MixChange mixChange) {
    public BrowserRunConfig {
        if (browsers < 1) {
            throw BadInputException.of("browsers", browsers, "must be at least 1");
        }
        if (mixChange != null) {
            mixChange.within(mix, measure);
        }
    }

    /** One mix throughout. */
    public BrowserRunConfig(URI baseUrl, Mix mix, int browsers, Duration rampUp, Duration measure, Duration rampDown,
                            ThinkTime think, ShopScale scale, long seed, double arrivalRatePerSecond) {
        this(baseUrl, mix, browsers, rampUp, measure, rampDown, think, scale, seed, arrivalRatePerSecond, null);
    }

    public Duration total() {
        return rampUp.plus(measure).plus(rampDown);
    }
}
