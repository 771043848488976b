package io.tunescope.shop.stack;

import io.tunescope.BadInputException;
import io.tunescope.shop.Mix;
import io.tunescope.shop.MixChange;
import io.tunescope.shop.ShopScale;
import io.tunescope.shop.app.AppKnobs;
import io.tunescope.shop.browser.ThinkTime;
import io.tunescope.monitor.MonitorOptions;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * One {@code shop run}: the load (mix, browsers, phases, think time), the store's size, the database tier
 * ({@code h2}, {@code mariadb} or {@code postgres}, with PostgreSQL's binaries when not found on their own), one application node's
 * knobs, the seed, the results directory, the sessions' arrival rate for open load (0: closed load), how
 * the thread monitor samples every process over the measurement interval (null: no monitor), and the tiers in front
 * of the database (application nodes, proxy), and a change of mix during the measurement interval (null: none).
 */
public record ShopRunConfig(Mix mix, int browsers, Duration rampUp, Duration measure, Duration rampDown,
                            ThinkTime think, ShopScale scale, String database, Path pgBin, AppKnobs appKnobs,
                            long seed, Path out, double arrivalRatePerSecond, MonitorOptions monitor,
                            ShopTiers tiers, MixChange mixChange) {
    public static final List<String> DATABASES = ShopDatabases.NAMES;
    /** The browsers' ramp-up unless a command or a tuning file gives one: long enough to spread their starts. */
    public static final int DEFAULT_RAMP_UP_SECONDS = 5;
    public static final String DEFAULT_RAMP_UP_TEXT = DEFAULT_RAMP_UP_SECONDS + "s";

    /** Checked here, before the store is populated, so a mistyped option costs nothing. */
    public ShopRunConfig {
        if (measure.isZero() || measure.isNegative()) {
            throw BadInputException.of("duration", io.tunescope.config.DurationText.format(measure), "must be positive");
        }
        if (rampUp.isNegative() || rampDown.isNegative()) {
            throw BadInputException.of("ramp-up/ramp-down", rampUp + "/" + rampDown, "must not be negative");
        }
        ShopDatabases.engine(database);   // bad input unless the registry has it as a database tier
        if (!(arrivalRatePerSecond >= 0 && arrivalRatePerSecond <= 100_000)) {
            throw BadInputException.of("arrival-rate", arrivalRatePerSecond, "must be from 0 (closed load) to 100000");
        }
        if (tiers == null) {
            tiers = ShopTiers.SINGLE;
        }
        if (browsers < tiers.lines()) {
            throw BadInputException.of("browsers", browsers, "must be at least one per work line (lines: "
                    + tiers.lines() + ")");
        }
        if (scale.browsers() != browsers) {
            throw new IllegalArgumentException("the store is sized for " + scale.browsers() + " browsers, not "
                    + browsers);
        }
        if (mixChange != null) {
            mixChange.within(mix, measure);
        }
    }

    /** One mix throughout; the monitor, when on, samples as its defaults say. */
    public ShopRunConfig(Mix mix, int browsers, Duration rampUp, Duration measure, Duration rampDown, ThinkTime think,
                         ShopScale scale, String database, Path pgBin, AppKnobs appKnobs, long seed, Path out,
                         double arrivalRatePerSecond, boolean monitor, ShopTiers tiers) {
        this(mix, browsers, rampUp, measure, rampDown, think, scale, database, pgBin, appKnobs, seed, out,
                arrivalRatePerSecond, monitor ? MonitorOptions.defaults(MonitorOptions.DEFAULT_INTERVAL) : null, tiers, null);
    }

    /** One application node and no proxy (the smallest stack). */
    public ShopRunConfig(Mix mix, int browsers, Duration rampUp, Duration measure, Duration rampDown, ThinkTime think,
                         ShopScale scale, String database, Path pgBin, AppKnobs appKnobs, long seed, Path out,
                         double arrivalRatePerSecond, boolean monitor) {
        this(mix, browsers, rampUp, measure, rampDown, think, scale, database, pgBin, appKnobs, seed, out,
                arrivalRatePerSecond, monitor, ShopTiers.SINGLE);
    }

    /** The stack this run starts. */
    public ShopStackConfig stack() {
        return new ShopStackConfig(out, database, pgBin, scale, seed, appKnobs, tiers);
    }
}
