package io.tunescope.shop.app;

import io.tunescope.BadInputException;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The application node's knob catalog: defaults, ranges and the node's one JSON argument. */
class AppKnobTest {
    @Test
    void theDefaultsAreTheCatalogs() {
        for (AppKnob k : AppKnob.values()) {
            assertThat(AppKnobs.DEFAULTS.get(k)).as(k.knobName()).isEqualTo(k.defaultValue());
            assertThat(k.defaultValue()).as(k.knobName()).isBetween(k.min(), k.max());
        }
    }

    @Test
    void theNodesArgumentReadsBackAsTheSameKnobs() {
        AppKnobs knobs = new AppKnobs(4, 16, 64, 8, 100, 2_000, 0);
        assertThat(knobs.toArgs()).hasSize(1);
        assertThat(knobs.toArgs().get(0)).doesNotContain("\n").contains("\"app_pool_size\":8");
        assertThat(AppKnobs.fromArgs(knobs.toArgs().toArray(String[]::new))).isEqualTo(knobs);
    }

    @Test
    void aKnobOutOfItsRangeOrAnUnknownOneIsBadInput() {
        assertThatThrownBy(() -> AppKnobs.DEFAULTS.with(AppKnob.POOL_SIZE, 0))
                .isInstanceOf(BadInputException.class).hasMessage("app-pool-size (0) must be from 1 to 1024");
        assertThatThrownBy(() -> AppKnobs.of(Map.of("app_nosuch", 1))).isInstanceOf(BadInputException.class)
                .hasMessageContaining("app_nosuch");
        assertThatThrownBy(() -> AppKnobs.fromArgs(new String[] {"8", "64"})).isInstanceOf(BadInputException.class);
        assertThatThrownBy(() -> AppKnobs.fromArgs(new String[] {"{\"app_pool_size\": \"x\"}"}))
                .isInstanceOf(BadInputException.class);
    }

    @Test
    void theOptionIsTheNameWithHyphens() {
        assertThat(AppKnob.CACHE_TTL_MILLIS.option()).isEqualTo("--app-cache-ttl-ms");
        assertThat(AppKnob.of("app_page_max_age")).isEqualTo(AppKnob.PAGE_MAX_AGE_SECONDS);
    }
}
