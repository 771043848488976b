package io.tunescope.tune.reconfigure;

import io.tunescope.tune.cluster.ClusterLayout;
import io.tunescope.tune.cluster.ClusterNode;
import io.tunescope.tune.cluster.Move;
import io.tunescope.BadInputException;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class ReconfigurationRuleTest {
    private static final ReconfigurationRule RULE = ReconfigurationRule.standard();

    /** {@code counts[i]} nodes in tier {@code tiers[i]}, named {@code n1, n2, ...} in that order. */
    static ClusterLayout layout(List<String> tiers, int... counts) {
        List<ClusterNode> nodes = new ArrayList<>();
        int k = 0;
        for (int t = 0; t < tiers.size(); t++) {
            for (int i = 0; i < counts[t]; i++) {
                k++;
                nodes.add(new ClusterNode("n" + k, tiers.get(t), "line" + (i + 1)));
            }
        }
        return new ClusterLayout(nodes);
    }

    private static Map<String, Double> util(Object... tierAndValue) {
        Map<String, Double> m = new LinkedHashMap<>();
        for (int i = 0; i < tierAndValue.length; i += 2) {
            m.put((String) tierAndValue[i], ((Number) tierAndValue[i + 1]).doubleValue());
        }
        return m;
    }

    @Test
    void movesALastNodeOfTheColdTierToTheHotOne() {
        ClusterLayout l = layout(List.of("browse", "order"), 2, 2);
        ReconfigurationRule.Decision d = RULE.decide(l, util("browse", 0.9, "order", 0.2));
        assertThat(d.move()).contains(new Move("n4", "order", "browse"));
        assertThat(d.imbalance()).isCloseTo(0.7, within(1e-9));
        // browse: 1.8 / 3 = 0.6; order: 0.4 / 1 = 0.4
        assertThat(d.predictedImbalance()).isCloseTo(0.2, within(1e-9));
    }

    @Test
    void picksTheDonorThatLeavesTheSmallestImbalance() {
        ClusterLayout l = layout(List.of("a", "b", "c"), 1, 2, 4);
        // from b: a 0.45, b 0.6 (0.3*2/1), c 0.4 -> 0.2; from c: a 0.45, b 0.3, c 0.533 -> 0.233
        ReconfigurationRule.Decision d = RULE.decide(l, util("a", 0.9, "b", 0.3, "c", 0.4));
        assertThat(d.move()).contains(new Move("n3", "b", "a"));
        assertThat(d.predictedImbalance()).isCloseTo(0.2, within(1e-9));
    }

    @Test
    void tiesGoToTheFirstTierInTheLayout() {
        ClusterLayout l = layout(List.of("x", "y", "z"), 2, 2, 2);
        ReconfigurationRule.Decision d = RULE.decide(l, util("x", 0.8, "y", 0.8, "z", 0.1));
        // x and y are equally hot: x is first; z is the only cold donor
        assertThat(d.move()).contains(new Move("n6", "z", "x"));
        ReconfigurationRule.Decision donors = RULE.decide(layout(List.of("h", "p", "q"), 1, 2, 2),
                util("h", 0.9, "p", 0.2, "q", 0.2));
        assertThat(donors.move()).contains(new Move("n3", "p", "h"));
    }

    @Test
    void singleNodeTiersCannotGiveANode() {
        ReconfigurationRule.Decision d = RULE.decide(layout(List.of("browse", "order"), 2, 1),
                util("browse", 0.95, "order", 0.05));
        assertThat(d.move()).isEmpty();
        assertThat(d.reason()).contains("more than one node");
        // the hot tier itself has two nodes, but it is not a donor to itself
        assertThat(RULE.decide(layout(List.of("only"), 3), util("only", 1.0)).move()).isEmpty();
    }

    @Test
    void noMoveWhenItWouldMakeThingsWorse() {
        // order has 2 nodes at 0.5: taking one leaves it at 1.0 while browse drops only to 0.4
        ReconfigurationRule.Decision d = RULE.decide(layout(List.of("browse", "order"), 1, 2),
                util("browse", 0.8, "order", 0.5));
        assertThat(d.move()).isEmpty();
        assertThat(d.predictedImbalance()).isGreaterThan(d.imbalance());
    }

    @Test
    void noMoveWhenTheGainIsWithinTheHysteresis() {
        ClusterLayout l = layout(List.of("browse", "order"), 10, 10);
        // predicted: 0.3 * 10/11 = 0.2727, 0.26 * 10/9 = 0.2889: imbalance 0.04 -> 0.016, less than 0.05 better
        ReconfigurationRule.Decision d = RULE.decide(l, util("browse", 0.30, "order", 0.26));
        assertThat(d.move()).isEmpty();
        assertThat(d.predictedImbalance()).isLessThan(d.imbalance());
        assertThat(new ReconfigurationRule(0).decide(l, util("browse", 0.30, "order", 0.26)).move()).isPresent();
    }

    @Test
    void repeatedApplicationConvergesWithoutOscillating() {
        List<String> tiers = List.of("proxy", "browse", "order");
        ClusterLayout l = layout(tiers, 3, 3, 3);
        // fixed load per tier in node-equivalents; utilization = load / nodes
        Map<String, Double> load = Map.of("proxy", 0.6, "browse", 5.0, "order", 0.9);
        List<Move> moves = new ArrayList<>();
        for (int step = 0; step < 20; step++) {
            Map<String, Double> u = new HashMap<>();
            for (String t : tiers) {
                u.put(t, load.get(t) / l.inTier(t).size());
            }
            ReconfigurationRule.Decision d = RULE.decide(l, u);
            if (d.move().isEmpty()) {
                break;
            }
            assertThat(d.predictedImbalance()).isLessThanOrEqualTo(d.imbalance() - RULE.hysteresis());
            moves.add(d.move().get());
            l = l.with(d.move().get());
        }
        assertThat(moves).isNotEmpty().hasSizeLessThan(20);
        assertThat(moves).allMatch(m -> m.to().equals("browse"));
        assertThat(l.inTier("browse")).hasSizeGreaterThanOrEqualTo(6);
        assertThat(l.inTier("proxy")).isNotEmpty();
        assertThat(l.inTier("order")).isNotEmpty();
    }

    @Test
    void badUtilizationIsBadInput() {
        ClusterLayout l = layout(List.of("browse", "order"), 2, 2);
        assertThatThrownBy(() -> RULE.decide(l, util("browse", 0.5)))
                .isInstanceOf(BadInputException.class).hasMessageContaining("order=null");
        assertThatThrownBy(() -> RULE.decide(l, util("browse", -0.1, "order", 0.2)))
                .isInstanceOf(BadInputException.class);
        assertThatThrownBy(() -> RULE.decide(l, util("browse", Double.NaN, "order", 0.2)))
                .isInstanceOf(BadInputException.class);
        assertThatThrownBy(() -> new ReconfigurationRule(-0.01)).isInstanceOf(BadInputException.class);
    }
}
