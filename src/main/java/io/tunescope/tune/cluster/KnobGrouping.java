package io.tunescope.tune.cluster;

import io.tunescope.tune.space.Constraint;
import io.tunescope.tune.space.EnumParam;
import io.tunescope.tune.space.IntParam;
import io.tunescope.tune.space.Param;
import io.tunescope.tune.space.RealParam;
import io.tunescope.tune.space.SearchSpace;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which tuners a mode runs and which knobs of which nodes each one sets (Chung and Hollingsworth 2004, "Cluster Tuning"): {@code default}
 * one tuner over every node's knobs (named {@code node.knob}); {@code duplication} one tuner per tier over the knobs
 * of one node (named by the knob alone), whose values are copied to every node of the tier; {@code partitioning} one
 * tuner per work line over that line's nodes' knobs (named {@code node.knob}). A pure function of the layout.
 */
public final class KnobGrouping {
    private KnobGrouping() {
    }

    /** One parameter of a tuner: the knob it sets and the nodes it is copied to. */
    public record Binding(String param, String knob, List<String> nodes) {
        public Binding {
            nodes = List.copyOf(nodes);
        }
    }

    /**
     * One tuner: its name (file-name safe: {@code all}, a tier or a line), its search space, what each parameter
     * sets, and the work line whose WIPS is its objective (partitioning; null: the cluster's WIPS).
     */
    public record Group(String name, SearchSpace space, List<Binding> bindings, String line) {
        public Group {
            bindings = List.copyOf(bindings);
        }

        public List<String> paramNames() {
            return bindings.stream().map(Binding::param).toList();
        }

        /** Whether any node this tuner sets is still in {@code layout}. */
        public boolean serves(ClusterLayout layout) {
            return bindings.stream().flatMap(b -> b.nodes().stream())
                    .anyMatch(n -> layout.nodes().stream().anyMatch(x -> x.name().equals(n)));
        }
    }

    /** The tuners of {@code mode} for {@code layout}, each node's knobs from {@code nodeSpace} (by tier). */
    public static List<Group> of(TuningMode mode, ClusterLayout layout, Function<String, SearchSpace> nodeSpace) {
        return switch (mode) {
            case DEFAULT -> List.of(perNode("all", layout.nodes(), nodeSpace, null));
            case DUPLICATION -> layout.tiers().stream().map(t -> perTier(t, layout, nodeSpace)).toList();
            case PARTITIONING -> layout.lines().stream()
                    .map(l -> perNode(l, layout.inLine(l), nodeSpace, l)).toList();
        };
    }

    private static Group perNode(String name, List<ClusterNode> nodes, Function<String, SearchSpace> nodeSpace,
                                 String line) {
        List<Param> params = new ArrayList<>();
        List<Constraint> constraints = new ArrayList<>();
        List<Binding> bindings = new ArrayList<>();
        for (ClusterNode n : nodes) {
            String prefix = n.name().replace('-', '_') + ".";
            SearchSpace space = nodeSpace.apply(n.tier());
            for (Param p : space.params()) {
                params.add(renamed(p, prefix + p.name()));
                bindings.add(new Binding(prefix + p.name(), p.name(), List.of(n.name())));
            }
            space.constraints().forEach(c -> constraints.add(prefixed(c, prefix)));
        }
        return new Group(name, new SearchSpace(params, constraints), bindings, line);
    }

    private static Group perTier(String tier, ClusterLayout layout, Function<String, SearchSpace> nodeSpace) {
        SearchSpace space = nodeSpace.apply(tier);
        List<String> peers = layout.inTier(tier).stream().map(ClusterNode::name).toList();
        List<Binding> bindings = space.params().stream().map(p -> new Binding(p.name(), p.name(), peers)).toList();
        return new Group(tier, space, bindings, null);
    }

    /** {@code c} over one node's knobs in a space over several nodes ({@code app_min_threads} -> {@code app2.app_...}). */
    static Constraint prefixed(Constraint c, String prefix) {
        String text = c.text();
        for (String name : c.names()) {
            text = text.replaceAll("(?<![\\w.])" + Pattern.quote(name) + "(?![\\w.])",
                    Matcher.quoteReplacement(prefix + name));
        }
        return Constraint.parse(text);
    }

    /** {@code p} under another name (a node's knob in a space over several nodes). */
    static Param renamed(Param p, String name) {
        if (p instanceof IntParam i) {
            return new IntParam(name, i.min(), i.max(), i.step(), i.log(), i.specials(), i.defaultValue());
        }
        if (p instanceof RealParam r) {
            return new RealParam(name, r.min(), r.max(), r.log(), r.defaultValue());
        }
        if (p instanceof EnumParam e) {
            return new EnumParam(name, e.values(), e.ordered(), e.defaultValue());
        }
        throw new IllegalArgumentException("cannot rename a " + p.getClass().getSimpleName());
    }
}
