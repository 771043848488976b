package io.tunescope.config;

import io.tunescope.BadInputException;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DurationTextTest {
    @Test
    void unitsAndFractions() {
        assertThat(DurationText.parse("interval", "8ms")).isEqualTo(Duration.ofMillis(8));
        assertThat(DurationText.parse("interval", "500us")).isEqualTo(Duration.ofNanos(500_000));
        assertThat(DurationText.parse("duration", "2.5s")).isEqualTo(Duration.ofMillis(2500));
        assertThat(DurationText.parse("duration", "1m")).isEqualTo(Duration.ofSeconds(60));
        assertThat(DurationText.parse("duration", " 1h ")).isEqualTo(Duration.ofHours(1));
    }

    @Test
    void badTextNamesFieldValueAndRule() {
        assertThatThrownBy(() -> DurationText.parse("interval", "8")).isInstanceOf(BadInputException.class)
                .hasMessage("interval (8) must be a duration such as 8ms or 5s");
        assertThatThrownBy(() -> DurationText.parse("interval", "0ms")).isInstanceOf(BadInputException.class);
        assertThatThrownBy(() -> DurationText.parse("interval", "-3ms")).isInstanceOf(BadInputException.class);
    }

    @Test
    void zeroOnlyWhereAllowed() {
        assertThat(DurationText.parseNonNegative("wait", "0s")).isZero();
        assertThatThrownBy(() -> DurationText.parse("duration", "0s")).isInstanceOf(BadInputException.class)
                .hasMessage("duration (0s) must be positive and below 30 years");
        assertThatThrownBy(() -> DurationText.parseNonNegative("wait", "soon")).isInstanceOf(BadInputException.class)
                .hasMessage("wait (soon) must be a duration such as 8ms or 5s");
    }

    @Property(tries = 100)
    void millisRoundTrip(@ForAll @IntRange(min = 1, max = 1_000_000) int ms) {
        assertThat(DurationText.parse("d", ms + "ms").toMillis()).isEqualTo(ms);
    }
}
