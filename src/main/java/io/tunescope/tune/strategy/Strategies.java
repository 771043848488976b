package io.tunescope.tune.strategy;

import io.tunescope.BadInputException;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/** The strategies by name, registered in code. */
public final class Strategies {
    private static final Map<String, Function<StrategyContext, Strategy>> FACTORIES = new LinkedHashMap<>();

    static {
        FACTORIES.put("nelder-mead", NelderMead::new);
        FACTORIES.put("pro", ParallelRankOrder::new);
        FACTORIES.put("random", RandomSearch::new);
        FACTORIES.put("lhs", LatinHypercube::new);
        FACTORIES.put("gp", BayesianOptimization::new);
        FACTORIES.put("bandit", Bandit::new);
    }

    private Strategies() {
    }

    public static Iterable<String> names() {
        return FACTORIES.keySet();
    }

    public static Strategy create(String name, StrategyContext ctx) {
        Function<StrategyContext, Strategy> f = FACTORIES.get(name);
        if (f == null) {
            throw BadInputException.of("strategy", name, "must be one of " + FACTORIES.keySet());
        }
        return f.apply(ctx);
    }

    public static boolean exists(String name) {
        return FACTORIES.containsKey(name);
    }
}
