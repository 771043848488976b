package io.tunescope.shop.stack;

import io.tunescope.BadInputException;
import io.tunescope.shop.app.AppKnobs;
import io.tunescope.shop.proxy.ProxyKnobs;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The nodes of a stack in front of its one database, in work lines: each line is its own proxy (or none, when the
 * line has a single application node) in front of its own application nodes, and serves its own share of the
 * browsers. Every node carries its own knobs, so two nodes of one tier may differ. Node names are unique; they name
 * the nodes' logs, the proxies' directories and the rows of summary.json.
 */
public record ShopLayout(List<Line> lines) {
    /** One application node and its knobs. */
    public record App(String name, AppKnobs knobs) {
        public App {
            requireName("node", name);
            if (knobs == null) {
                knobs = AppKnobs.DEFAULTS;
            }
        }
    }

    /** One work line: its proxy ({@code proxyNode} null: none) and its application nodes. */
    public record Line(String name, String proxyNode, ProxyKnobs proxyKnobs, List<App> apps) {
        public Line {
            requireName("line", name);
            if (proxyNode != null) {
                requireName("node", proxyNode);
            }
            if (apps == null || apps.isEmpty()) {
                throw BadInputException.of("line " + name, "[]", "must hold at least one application node");
            }
            apps = List.copyOf(apps);
            if (proxyNode == null && apps.size() > 1) {
                throw BadInputException.of("line " + name, apps.size() + " app nodes", "needs a proxy to balance "
                        + "over them");
            }
            if (proxyKnobs == null) {
                proxyKnobs = ProxyKnobs.DEFAULTS;
            }
        }

        /** The nodes of this line: its proxy first. */
        public List<String> nodes() {
            List<String> out = new ArrayList<>();
            if (proxyNode != null) {
                out.add(proxyNode);
            }
            apps.forEach(a -> out.add(a.name()));
            return out;
        }
    }

    public ShopLayout {
        if (lines == null || lines.isEmpty()) {
            throw BadInputException.of("lines", "[]", "must hold at least one work line");
        }
        lines = List.copyOf(lines);
        Set<String> seen = new HashSet<>();
        for (Line l : lines) {
            if (!seen.add("line:" + l.name())) {
                throw BadInputException.of("line", l.name(), "appears twice; line names must be unique");
            }
            for (String n : l.nodes()) {
                if (!seen.add(n)) {
                    throw BadInputException.of("node", n, "appears twice; node names must be unique");
                }
            }
        }
    }

    /** Whether any line has a proxy in front of its nodes. */
    public boolean hasProxy() {
        return lines.stream().anyMatch(l -> l.proxyNode() != null);
    }

    /**
     * {@code tiers.lines()} lines of {@code tiers.appNodes()} nodes each, every node with {@code app} and every proxy
     * with {@code tiers.proxyKnobs()}. One line keeps the names of the stack before work lines ({@code proxy},
     * {@code app1}...); several name their proxies {@code proxy1}, {@code proxy2}... and number the nodes across
     * lines ({@code line1} holds {@code app1} and {@code app2} when each line has two).
     */
    public static ShopLayout uniform(ShopTiers tiers, AppKnobs app) {
        List<Line> out = new ArrayList<>();
        for (int l = 1; l <= tiers.lines(); l++) {
            List<App> apps = new ArrayList<>();
            for (int k = 1; k <= tiers.appNodes(); k++) {
                apps.add(new App("app" + ((l - 1) * tiers.appNodes() + k), app));
            }
            String proxy = !tiers.hasProxy() ? null : tiers.lines() == 1 ? "proxy" : "proxy" + l;
            out.add(new Line("line" + l, proxy, tiers.proxyKnobs(), apps));
        }
        return new ShopLayout(out);
    }

    /** Every node's name, line by line, each line's proxy first. */
    public List<String> nodes() {
        return lines.stream().flatMap(l -> l.nodes().stream()).toList();
    }

    /**
     * This layout without node {@code name} (one that failed): a line left without application nodes goes, as does
     * a line whose proxy goes while it still has several nodes to balance over; a line with one node left serves
     * without its proxy.
     */
    public ShopLayout without(String name) {
        if (!nodes().contains(name)) {
            throw BadInputException.of("node", name, "is not in this layout");
        }
        List<Line> out = new ArrayList<>();
        for (Line l : lines) {
            List<App> apps = l.apps().stream().filter(a -> !a.name().equals(name)).toList();
            boolean proxyGone = name.equals(l.proxyNode());
            if (apps.isEmpty() || proxyGone && apps.size() > 1) {
                continue;
            }
            out.add(new Line(l.name(), proxyGone ? null : l.proxyNode(), l.proxyKnobs(), apps));
        }
        return new ShopLayout(out);
    }

    private static void requireName(String field, String value) {
        if (value == null || !value.matches("[a-z][a-z0-9_-]{0,31}")) {
            throw BadInputException.of(field, value, "must be 1 to 32 lower-case letters, digits, '_' or '-', "
                    + "starting with a letter");
        }
    }
}
