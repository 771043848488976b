package io.tunescope.tune.reconfigure;

import io.tunescope.tune.cluster.ClusterLayout;
import io.tunescope.tune.cluster.Move;
import io.tunescope.store.ReconfigurationRecord;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The online loop on a model cluster: each tier has a fixed load (node-equivalents) that spreads over its nodes, and
 * the WIPS fall as the hottest tier passes full use; the loads swap when the mix changes.
 */
class OnlineReconfigurationTest {
    private static final class ModelCluster implements ReconfigurableCluster, OnlineReconfiguration.FailureReasons {
        private ClusterLayout layout;
        private final long start = System.nanoTime();
        private final long swapNanos;
        private final Map<String, String> failed = new LinkedHashMap<>();
        private String failOnMove;

        ModelCluster(ClusterLayout layout, Duration swapAt) {
            this.layout = layout;
            this.swapNanos = swapAt == null ? Long.MAX_VALUE : swapAt.toNanos();
        }

        synchronized Map<String, Double> load() {
            boolean swapped = System.nanoTime() - start >= swapNanos;
            return Map.of("browse", swapped ? 0.6 : 2.0, "order", swapped ? 2.0 : 0.6);
        }

        @Override
        public synchronized ClusterLayout layout() {
            return layout;
        }

        @Override
        public synchronized Map<String, Double> tierUtilization(Duration window) {
            Map<String, Double> u = new HashMap<>();
            layout.tiers().forEach(t -> u.put(t, load().get(t) / layout.inTier(t).size()));
            return u;
        }

        @Override
        public synchronized double wips(Duration window) {
            double hottest = tierUtilization(window).values().stream().mapToDouble(Double::doubleValue).max()
                    .orElse(1);
            return 100 / Math.max(1, hottest);
        }

        @Override
        public synchronized void move(Move move) {
            if (move.node().equals(failOnMove)) {
                failed.put(move.node(), "exited during the move");
                layout = layout.without(move.node());
                return;
            }
            layout = layout.with(move);
        }

        @Override
        public synchronized Map<String, String> failedNodes() {
            return Map.copyOf(failed);
        }
    }

    private static OnlineReconfiguration.Settings settings(Duration total, Duration change) {
        return new OnlineReconfiguration.Settings(Duration.ofMillis(100), Duration.ZERO, total, change,
                ReconfigurationRule.standard(), "browsing", change == null ? null : "ordering");
    }

    @Test
    void movesNodesToTheHotTierAndMeasuresTheGain() throws Exception {
        ModelCluster c = new ModelCluster(ReconfigurationRuleTest.layout(List.of("browse", "order"), 1, 3), null);
        List<ReconfigurationRecord> written = new ArrayList<>();
        ReconfigurationRecord r = new OnlineReconfiguration(c, settings(Duration.ofMillis(1500), null),
                written::add).run(s -> { });
        // browse 2.0 on 1 node, order 0.6 on 3: two nodes go to browse (then 0.67 against 0.6)
        assertThat(r.moves()).containsExactly(new ReconfigurationRecord.MoveRecord("n4", "order", "browse"),
                new ReconfigurationRecord.MoveRecord("n3", "order", "browse"));
        assertThat(r.before().wips()).isEqualTo(50.0);
        assertThat(r.after().wips()).isEqualTo(100.0);
        assertThat(r.steps()).allMatch(ReconfigurationRecord.Step::samePhase);
        assertThat(r.windows().size()).isGreaterThan(r.steps().size());
        assertThat(r.windows().get(r.windows().size() - 1).decision()).contains("more than one node");
        assertThat(r.failedNodes()).isEmpty();
        assertThat(written).as("the record is written after every window").hasSizeGreaterThan(3);
    }

    @Test
    void followsTheMixChangeAndComparesOnlyWithinAPhase() throws Exception {
        ModelCluster c = new ModelCluster(ReconfigurationRuleTest.layout(List.of("browse", "order"), 2, 2),
                Duration.ofMillis(800));
        ReconfigurationRecord r = new OnlineReconfiguration(c, settings(Duration.ofMillis(2000),
                Duration.ofMillis(800)), x -> { }).run(s -> { });
        assertThat(r.moves()).extracting(ReconfigurationRecord.MoveRecord::to).contains("browse", "order");
        assertThat(r.steps()).anyMatch(s -> s.phaseBefore().equals("ordering") && s.samePhase());
        assertThat(r.windows()).extracting(ReconfigurationRecord.Window::phase).contains("browsing", "ordering");
        assertThat(r.mixChange()).isEqualTo("800ms");
        for (ReconfigurationRecord.Window w : r.windows()) {
            if (w.decision().contains("mix changed")) {
                assertThat(r.steps()).as("no move on a window that holds the change")
                        .noneMatch(s -> s.atSeconds() >= w.atSeconds() && s.atSeconds() < w.atSeconds() + 0.15);
            }
        }
    }

    @Test
    void aNodeThatFailsDuringAMoveIsReportedAndTheLoopGoesOn() throws Exception {
        ModelCluster c = new ModelCluster(ReconfigurationRuleTest.layout(List.of("browse", "order"), 1, 3), null);
        c.failOnMove = "n4";
        ReconfigurationRecord r = new OnlineReconfiguration(c, settings(Duration.ofMillis(1500), null), x -> { })
                .run(s -> { });
        assertThat(r.failedNodes()).extracting(ReconfigurationRecord.FailedNode::node).containsExactly("n4");
        assertThat(r.failedNodes().get(0).reason()).isEqualTo("exited during the move");
        assertThat(r.steps().get(0).ok()).isFalse();
        // the next window moves another node instead
        assertThat(r.moves()).containsExactly(new ReconfigurationRecord.MoveRecord("n3", "order", "browse"));
    }

    @Test
    void aMoveBetweenTiersOfDifferentSoftwareIsRecordedAsARoleChange() throws Exception {
        // app: 2.0 node-equivalents on 1 node; proxy: 0.6 on 3 nodes; a node that changes tiers changes role
        ReconfigurableCluster c = new ReconfigurableCluster() {
            private ClusterLayout layout = ReconfigurationRuleTest.layout(List.of("app", "proxy"), 1, 3);
            private final List<Move> made = new ArrayList<>();

            @Override
            public synchronized ClusterLayout layout() {
                return layout;
            }

            @Override
            public synchronized Map<String, Double> tierUtilization(Duration window) {
                return Map.of("app", 2.0 / layout.inTier("app").size(), "proxy", 0.6 / layout.inTier("proxy").size());
            }

            @Override
            public double wips(Duration window) {
                return 100;
            }

            @Override
            public Move.Kind kindOf(String from, String to) {
                return Move.Kind.ROLE;
            }

            @Override
            public synchronized void move(Move move) {
                assertThat(move.kind()).isEqualTo(Move.Kind.ROLE);
                made.add(move);
                layout = layout.with(move);
            }
        };
        ReconfigurationRecord r = new OnlineReconfiguration(c, settings(Duration.ofMillis(1500), null), x -> { })
                .run(s -> { });
        assertThat(r.moves()).isNotEmpty().allMatch(m -> m.kind().equals("role") && m.from().equals("proxy"));
        assertThat(r.steps()).allMatch(s -> s.kind().equals("role"));
    }
}
