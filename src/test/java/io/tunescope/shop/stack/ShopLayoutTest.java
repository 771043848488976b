package io.tunescope.shop.stack;

import io.tunescope.BadInputException;
import io.tunescope.shop.Interaction;
import io.tunescope.shop.app.AppKnob;
import io.tunescope.shop.app.AppKnobs;
import io.tunescope.shop.browser.BrowserResult;
import io.tunescope.shop.proxy.ProxyKnobs;
import org.junit.jupiter.api.Test;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Work lines: their nodes' names, a failed node left out, the browsers split over them and merged back. */
class ShopLayoutTest {
    @Test
    void oneLineKeepsTheNamesOfTheStackBeforeWorkLines() {
        ShopLayout one = ShopLayout.uniform(new ShopTiers("auto", 0, null, null, 2), AppKnobs.DEFAULTS);
        assertThat(one.nodes()).containsExactly("proxy", "app1", "app2");
        assertThat(ShopLayout.uniform(ShopTiers.SINGLE, AppKnobs.DEFAULTS).nodes()).containsExactly("app1");
    }

    @Test
    void severalLinesHaveAProxyEachAndNumberTheNodesAcrossLines() {
        ShopTiers tiers = new ShopTiers("auto", 0, null, null, 2, 3);
        assertThat(tiers.proxy()).as("auto with several lines").isEqualTo("nginx");
        ShopLayout layout = ShopLayout.uniform(tiers, AppKnobs.DEFAULTS);
        assertThat(layout.lines()).extracting(ShopLayout.Line::name).containsExactly("line1", "line2", "line3");
        assertThat(layout.lines().get(1).nodes()).containsExactly("proxy2", "app3", "app4");
        ShopLayout direct = ShopLayout.uniform(new ShopTiers("none", 0, null, null, 1, 2), AppKnobs.DEFAULTS);
        assertThat(direct.nodes()).as("no proxy: each line is its one node").containsExactly("app1", "app2");
    }

    @Test
    void aFailedNodeIsLeftOutAndALineWithoutNodesGoes() {
        ShopLayout layout = ShopLayout.uniform(new ShopTiers("nginx", 0, null, null, 2, 2), AppKnobs.DEFAULTS);
        ShopLayout less = layout.without("app2");
        assertThat(less.nodes()).containsExactly("proxy1", "app1", "proxy2", "app3", "app4");
        assertThat(less.without("app1").lines()).extracting(ShopLayout.Line::name).containsExactly("line2");
        assertThat(layout.without("proxy1").lines()).as("two nodes cannot be balanced without their proxy")
                .extracting(ShopLayout.Line::name).containsExactly("line2");
        assertThat(less.without("proxy1").lines().get(0).nodes()).as("one node serves without its proxy")
                .containsExactly("app1");
        assertThatThrownBy(() -> layout.without("app9")).isInstanceOf(BadInputException.class)
                .hasMessage("node (app9) is not in this layout");
    }

    @Test
    void eachNodeCarriesItsOwnKnobsAndNamesAreChecked() {
        AppKnobs big = new AppKnobs(32, 64, 128, 16);
        ShopLayout layout = new ShopLayout(List.of(
                new ShopLayout.Line("line1", "proxy1", ProxyKnobs.DEFAULTS, List.of(new ShopLayout.App("app1",
                        AppKnobs.DEFAULTS))),
                new ShopLayout.Line("line2", "proxy2", new ProxyKnobs(8, 64, 2, 256, 10),
                        List.of(new ShopLayout.App("app2", big)))));
        assertThat(layout.lines().get(1).apps().get(0).knobs().get(AppKnob.MIN_THREADS)).isEqualTo(32);
        assertThatThrownBy(() -> new ShopLayout(List.of(layout.lines().get(0), layout.lines().get(0))))
                .isInstanceOf(BadInputException.class).hasMessageContaining("line (line1) appears twice");
        assertThatThrownBy(() -> new ShopLayout.Line("line1", null, null, List.of(new ShopLayout.App("a",
                null), new ShopLayout.App("b", null)))).isInstanceOf(BadInputException.class)
                .hasMessageContaining("needs a proxy");
        assertThatThrownBy(() -> new ShopLayout.App("App 1", null)).isInstanceOf(BadInputException.class);
    }

    @Test
    void tiersRefuseBadLines() {
        assertThatThrownBy(() -> new ShopTiers("auto", 0, null, null, 1, 0)).hasMessage("lines (0) must be from 1 "
                + "to 8");
        assertThatThrownBy(() -> new ShopTiers("auto", 0, null, null, 3, 6)).hasMessage("lines (6) times app-nodes "
                + "(3) must be at most 16 application nodes in all");
        assertThatThrownBy(() -> new ShopTiers("nginx", 8080, null, null, 1, 2)).hasMessage("proxy-port (8080) must "
                + "be 0 (free ports) with 2 lines: each line has its own proxy");
    }

    @Test
    void browsersAreSplitOverTheLinesAndTheirFiguresMerged() {
        assertThat(List.of(LineBrowsers.share(7, 3, 0), LineBrowsers.share(7, 3, 1), LineBrowsers.share(7, 3, 2)))
                .containsExactly(3, 2, 2);
        BrowserResult a = result(100, 10.0, 200, Map.of());
        BrowserResult b = result(50, 5.0, 900, Map.of("http-500", 2L));
        BrowserResult m = LineBrowsers.merge(List.of(a, b));
        assertThat(m.completed()).isEqualTo(150);
        assertThat(m.wips()).isEqualTo(15.0);
        assertThat(m.errors()).isEqualTo(2);
        assertThat(m.perInteraction().get(Interaction.HOME).count()).isEqualTo(150);
        assertThat(m.perInteraction().get(Interaction.HOME).sharePercent()).isEqualTo(100.0);
        assertThat(m.perInteraction().get(Interaction.HOME).p90Millis()).as("the largest line's p90").isEqualTo(900);
        assertThat(LineBrowsers.merge(List.of(a))).isSameAs(a);
    }

    /** Every completed interaction a Home, with the given p90. */
    private static BrowserResult result(long completed, double wips, double p90, Map<String, Long> errors) {
        Map<Interaction, BrowserResult.Measured> per = new EnumMap<>(Interaction.class);
        for (Interaction i : Interaction.values()) {
            per.put(i, i == Interaction.HOME ? new BrowserResult.Measured(completed, 100, p90, p90 * 2)
                    : new BrowserResult.Measured(0, 0, 0, 0));
        }
        return new BrowserResult(10, completed, wips, per, errors, completed, 4, 0, 0, List.of());
    }
}
