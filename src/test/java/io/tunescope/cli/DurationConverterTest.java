package io.tunescope.cli;

import io.tunescope.BadInputException;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DurationConverterTest {
    @Test
    void parsesTheUnitsPeopleWrite() {
        assertThat(DurationConverter.parse("8ms")).isEqualTo(Duration.ofMillis(8));
        assertThat(DurationConverter.parse("30s")).isEqualTo(Duration.ofSeconds(30));
        assertThat(DurationConverter.parse("1.5s")).isEqualTo(Duration.ofMillis(1500));
        assertThat(DurationConverter.parse("2m")).isEqualTo(Duration.ofMinutes(2));
        assertThat(DurationConverter.parse("1h")).isEqualTo(Duration.ofHours(1));
        assertThat(DurationConverter.parse("10")).isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void rejectsAnythingElseNamingTheRule() {
        assertThatThrownBy(() -> DurationConverter.parse("soon")).isInstanceOf(BadInputException.class)
                .hasMessage("duration (soon) must be a number with a unit: ms, s, m or h (e.g. 30s)");
        assertThatThrownBy(() -> DurationConverter.parse("-1s")).isInstanceOf(BadInputException.class);
    }
}
