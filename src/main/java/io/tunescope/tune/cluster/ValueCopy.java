package io.tunescope.tune.cluster;

import io.tunescope.tune.space.Configuration;
import io.tunescope.tune.space.Param;
import io.tunescope.tune.space.SearchSpace;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Turns what each tuner chose into a configuration for every node of the layout: each parameter's value goes to every
 * node it is bound to that is still in the layout (duplication copies a tier's values to all its peers); a knob no
 * tuner sets keeps its default. Nodes outside the layout (failed ones) get nothing. A pure function.
 */
public final class ValueCopy {
    private ValueCopy() {
    }

    /**
     * @param groups the mode's tuners
     * @param chosen each tuner's configuration, in the order of {@code groups}
     */
    public static Map<String, Configuration> byNode(ClusterLayout layout, List<KnobGrouping.Group> groups,
                                                    List<Configuration> chosen,
                                                    Function<String, SearchSpace> nodeSpace) {
        if (groups.size() != chosen.size()) {
            throw new IllegalArgumentException(groups.size() + " tuners but " + chosen.size() + " configurations");
        }
        Map<String, Map<String, Object>> values = new LinkedHashMap<>();
        for (ClusterNode n : layout.nodes()) {
            Map<String, Object> v = new LinkedHashMap<>();
            SearchSpace space = nodeSpace.apply(n.tier());
            Configuration defaults = space.defaultConfiguration().orElseGet(() -> space.fromUnit(half(space)));
            for (Param p : space.params()) {
                v.put(p.name(), defaults.get(p.name()));
            }
            values.put(n.name(), v);
        }
        for (int g = 0; g < groups.size(); g++) {
            Configuration c = chosen.get(g);
            if (c == null) {
                continue;
            }
            for (KnobGrouping.Binding b : groups.get(g).bindings()) {
                for (String node : b.nodes()) {
                    Map<String, Object> v = values.get(node);
                    if (v != null) {
                        v.put(b.knob(), c.get(b.param()));
                    }
                }
            }
        }
        Map<String, Configuration> out = new LinkedHashMap<>();
        values.forEach((node, v) -> out.put(node, new Configuration(v)));
        return out;
    }

    private static double[] half(SearchSpace space) {
        double[] u = new double[space.dims()];
        java.util.Arrays.fill(u, 0.5);
        return u;
    }
}
