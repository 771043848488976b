package io.tunescope.shop.browser;

import io.tunescope.BadInputException;
import io.tunescope.shop.Mix;
import io.tunescope.shop.ShopScale;

import java.net.URI;
import java.time.Duration;

/**
 * One load of emulated browsers against a store at {@code baseUrl}: the mix, how many browsers, the ramp-up (the
 * browsers start spread over it), the measurement interval and the ramp-down, the think time, the store's size (for
 * the keys the browsers draw), the seed of every browser's choices, and for open load the sessions' arrival rate
 * (0: closed load, {@code browsers} loop for the whole run).
 */
public record BrowserRunConfig(URI baseUrl, Mix mix, int browsers, Duration rampUp, Duration measure,
                               Duration rampDown, ThinkTime think, ShopScale scale, long seed,
                               double arrivalRatePerSecond) {
    public BrowserRunConfig {
        if (browsers < 1) {
            throw BadInputException.of("browsers", browsers, "must be at least 1");
        }
    }

    public Duration total() {
        return rampUp.plus(measure).plus(rampDown);
    }
}
