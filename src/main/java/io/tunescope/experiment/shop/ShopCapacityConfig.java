package io.tunescope.experiment.shop;

import io.tunescope.BadInputException;
import io.tunescope.shop.stack.ShopRunConfig;

import java.util.List;

/**
 * One {@code shop capacity} run: the load levels (browsers, strictly increasing) and the stack and load every level
 * shares ({@code stack}: sized for the highest level, its {@code browsers} that level; the monitor always on).
 */
public record ShopCapacityConfig(List<Integer> levels, ShopRunConfig stack) {
    public static final int MAX_LEVELS = 20;

    public ShopCapacityConfig {
        levels = List.copyOf(checkedLevels(levels));
        if (stack.browsers() != levels.get(levels.size() - 1)) {
            throw new IllegalArgumentException("the stack is sized for " + stack.browsers()
                    + " browsers, not for the highest level " + levels.get(levels.size() - 1));
        }
        if (stack.monitor() == null) {
            throw new IllegalArgumentException("a capacity curve needs the thread monitor on every tier");
        }
        if (stack.arrivalRatePerSecond() != 0) {
            throw new IllegalArgumentException("a capacity curve is measured under closed load");
        }
    }

    /** The levels as typed ({@code 10,20,40}), checked by {@link #checkedLevels}. */
    public static List<Integer> parseLevels(String text) {
        if (text == null || text.isBlank()) {
            return checkedLevels(List.of());
        }
        List<Integer> levels = new java.util.ArrayList<>();
        for (String part : text.split(",", -1)) {
            try {
                levels.add(Integer.parseInt(part.strip()));
            } catch (NumberFormatException e) {
                throw BadInputException.of("browsers", text, "must be whole numbers separated by commas, e.g. "
                        + "10,20,40,80,160");
            }
        }
        return checkedLevels(levels);
    }

    /** Checks the levels as typed: at least one, each at least 1, strictly increasing, at most {@link #MAX_LEVELS}. */
    public static List<Integer> checkedLevels(List<Integer> levels) {
        if (levels == null || levels.isEmpty()) {
            throw BadInputException.of("browsers", "", "must list at least one load level, e.g. 10,20,40,80,160");
        }
        if (levels.size() > MAX_LEVELS) {
            throw BadInputException.of("browsers", levels, "must list at most " + MAX_LEVELS + " levels");
        }
        for (int k = 0; k < levels.size(); k++) {
            Integer b = levels.get(k);
            if (b == null || b < 1) {
                throw BadInputException.of("browsers", levels, "must be levels of at least 1 browser each");
            }
            if (k > 0 && b <= levels.get(k - 1)) {
                throw BadInputException.of("browsers", levels, "must be strictly increasing (sorted, no duplicates)");
            }
        }
        return levels;
    }
}
