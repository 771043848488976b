package io.tunescope.tune.cluster;

import io.tunescope.BadInputException;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ClusterLayoutTest {
    private final ClusterLayout layout = new ClusterLayout(List.of(new ClusterNode("proxy1", "proxy", "line1"),
            new ClusterNode("app1", "app", "line1"), new ClusterNode("proxy2", "proxy", "line2"),
            new ClusterNode("app2", "app", "line2")));

    @Test
    void groupsNodesByTierAndLine() {
        assertThat(layout.tiers()).containsExactly("proxy", "app");
        assertThat(layout.lines()).containsExactly("line1", "line2");
        assertThat(layout.inTier("app")).extracting(ClusterNode::name).containsExactly("app1", "app2");
        assertThat(layout.inLine("line2")).extracting(ClusterNode::name).containsExactly("proxy2", "app2");
    }

    @Test
    void aMoveChangesTheTierAndKeepsTheLine() {
        ClusterLayout moved = layout.with(new Move("proxy2", "proxy", "app"));
        assertThat(moved.inTier("app")).extracting(ClusterNode::name).containsExactly("app1", "proxy2", "app2");
        assertThat(moved.node("proxy2").line()).isEqualTo("line2");
        assertThatThrownBy(() -> layout.with(new Move("app1", "proxy", "app")))
                .isInstanceOf(BadInputException.class).hasMessageContaining("app1 serves app");
    }

    @Test
    void aFailedNodeIsExcluded() {
        assertThat(layout.without("app2").nodes()).extracting(ClusterNode::name)
                .containsExactly("proxy1", "app1", "proxy2");
        assertThatThrownBy(() -> layout.without("app9")).hasMessageContaining("app9");
    }

    @Test
    void namesAreUniqueAndWellFormed() {
        assertThatThrownBy(() -> new ClusterLayout(List.of(new ClusterNode("a", "app", "l"),
                new ClusterNode("a", "proxy", "l")))).hasMessageContaining("appears twice");
        assertThatThrownBy(() -> new ClusterNode("App 1", "app", "l")).hasMessageContaining("node (App 1)");
    }
}
