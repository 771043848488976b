package io.tunescope.tune.space;

import io.tunescope.BadInputException;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SearchSpaceTest {
    private static final IntParam THREADS = new IntParam("threads", 1, 64, 1, false, List.of(-1L), 8L);
    private static final IntParam BUFFER = new IntParam("buffer", 16, 4096, 16, true, List.of(), null);
    private static final RealParam RATIO = new RealParam("ratio", 0.01, 100, true, 1.0);
    private static final EnumParam MODE = new EnumParam("mode", List.of("a", "b", "c"), false, "b");
    private static final EnumParam LEVEL = new EnumParam("level", List.of("low", "mid", "high"), true, null);
    private static final EnumParam FLAG = EnumParam.bool("flag", false);

    @Property
    void snappingIsIdempotent(@ForAll @DoubleRange(min = 0, max = 1) double u) {
        for (Param p : List.of(THREADS, BUFFER, RATIO, MODE, LEVEL, FLAG)) {
            Object v = p.fromUnit(u);
            assertThat(p.fromUnit(p.toUnit(v))).as(p.name()).isEqualTo(v);
            assertThat(p.toUnit(v)).isBetween(0.0, 1.0);
        }
    }

    @Property
    void intValuesStayOnTheGrid(@ForAll @DoubleRange(min = -0.5, max = 1.5) double u) {
        long v = (Long) BUFFER.fromUnit(u);
        assertThat(v).isBetween(16L, 4096L);
        assertThat((v - 16) % 16).isZero();
        long t = (Long) THREADS.fromUnit(u);
        assertThat(t == -1 || (t >= 1 && t <= 64)).isTrue();
    }

    @Test
    void specialValuesGetAtLeastTenPercentOfTheUnitInterval() {
        assertThat(THREADS.fromUnit(0.0)).isEqualTo(-1L);
        assertThat(THREADS.fromUnit(0.099)).isEqualTo(-1L);
        assertThat(THREADS.fromUnit(0.101)).isEqualTo(1L);
        assertThat(THREADS.fromUnit(1.0)).isEqualTo(64L);
    }

    @Test
    void logScaleSpendsEqualShareOnEachOctave() {
        assertThat((Long) BUFFER.fromUnit(0.5)).isBetween(240L, 272L);
        assertThat((Double) RATIO.fromUnit(0.5)).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void badRangesAreRejectedWithFieldValueAndRule() {
        assertThatThrownBy(() -> IntParam.of("threads", 10, 5))
                .isInstanceOf(BadInputException.class).hasMessage("threads.min (10) must be at most max (5)");
        assertThatThrownBy(() -> new RealParam("r", 0, 1, true, null)).hasMessageContaining("must be above 0 on a log scale");
        assertThatThrownBy(() -> new IntParam("t", 1, 8, 1, false, List.of(4L), null)).hasMessageContaining("outside the range");
        assertThatThrownBy(() -> new EnumParam("m", List.of("a"), false, "z")).hasMessageContaining("must be one of [a]");
        assertThatThrownBy(() -> IntParam.of("bad name", 1, 2)).hasMessageContaining("parameter name (bad name)");
    }

    @Test
    void constraintsRejectConfigurationsAndUnknownNames() {
        SearchSpace s = new SearchSpace(List.of(IntParam.of("a", 0, 10), IntParam.of("b", 0, 10)),
                List.of(Constraint.parse("a < b"), Constraint.parse("a + b <= 16")));
        assertThat(s.isFeasible(s.configuration(Map.of("a", 3, "b", 4)))).isTrue();
        assertThat(s.violated(s.configuration(Map.of("a", 4, "b", 4)))).map(Constraint::text).contains("a < b");
        assertThat(s.isFeasible(s.configuration(Map.of("a", 7, "b", 10)))).isFalse();
        assertThatThrownBy(() -> new SearchSpace(List.of(IntParam.of("a", 0, 1)), List.of(Constraint.parse("a < c"))))
                .hasMessageContaining("unknown parameter 'c'");
    }

    @Test
    void unsatisfiableConstraintsAreFoundBeforeAnyTrial() {
        SearchSpace s = new SearchSpace(List.of(IntParam.of("a", 0, 10), IntParam.of("b", 0, 10)),
                List.of(Constraint.parse("a + b > 25")));
        assertThatThrownBy(() -> s.requireSatisfiable(1000, 100, 1)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("are satisfied by no configuration (all 121 checked)");
        SearchSpace big = new SearchSpace(List.of(new RealParam("x", 0, 1, false, null)), List.of(Constraint.parse("x > 2")));
        assertThatThrownBy(() -> big.requireSatisfiable(1000, 100, 1)).hasMessageContaining("none of 100 random");
    }

    @Test
    void constraintGrammar() {
        Map<String, Double> v = new HashMap<>(Map.of("a", 3.0, "b", 4.0));
        assertThat(Constraint.parse("a * (b - 1) == 9").test(v)).isTrue();
        assertThat(Constraint.parse("-a + 2 * b >= 5").test(v)).isTrue();
        assertThat(Constraint.parse("b % a != 1").test(v)).isFalse();
        assertThat(Constraint.parse("a / 2 < 1.5e0").test(v)).isFalse();
        assertThatThrownBy(() -> Constraint.parse("a + b")).hasMessageContaining("needs a comparison");
        assertThatThrownBy(() -> Constraint.parse("a < (b")).hasMessageContaining("misses ')'");
        assertThatThrownBy(() -> Constraint.parse("a < b c")).hasMessageContaining("unexpected text 'c'");
    }

    @Test
    void defaultsFillMissingWithTheMiddleAndEnumerationCoversTheGrid() {
        SearchSpace s = new SearchSpace(List.of(THREADS, LEVEL, FLAG), List.of());
        Configuration d = s.defaultConfiguration().orElseThrow();
        assertThat(d.values()).containsEntry("threads", 8L).containsEntry("level", "mid").containsEntry("flag", false);
        assertThat(s.size()).isEqualTo(65L * 3 * 2);
        assertThat(s.enumerate()).hasSize(390).doesNotHaveDuplicates();
        assertThat(SearchSpace.of(RATIO).size()).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void outsideValuesAreCoercedOrRejected() {
        SearchSpace s = new SearchSpace(List.of(THREADS, MODE, FLAG), List.of());
        Configuration c = s.configuration(Map.of("threads", "12", "mode", "c", "flag", true));
        assertThat(c.key()).isEqualTo("threads=12,mode=c,flag=true");
        assertThatThrownBy(() -> s.configuration(Map.of("threads", 100, "mode", "c", "flag", true)))
                .hasMessageContaining("threads (100) must be one of 1..64 step 1 or [-1]");
        assertThatThrownBy(() -> s.configuration(Map.of("threads", 1, "mode", "c")))
                .hasMessageContaining("misses parameter 'flag'");
    }
}
