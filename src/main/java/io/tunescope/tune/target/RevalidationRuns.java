package io.tunescope.tune.target;

import io.tunescope.store.VerdictExplanation.Pair;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * What the explainers of a verdict share: the re-validation runs' directories ({@code prefix*-runs} under the
 * session's logs), the names found in either side's runs, and the median of a figure on each side.
 */
public final class RevalidationRuns {
    private RevalidationRuns() {
    }

    /** The directories {@code prefix*-runs} under {@code logs}, sorted; empty when there are none to read. */
    public static List<Path> dirs(Path logs, String prefix) {
        try (Stream<Path> dirs = Files.list(logs)) {
            return dirs.filter(p -> p.getFileName().toString().startsWith(prefix)
                    && p.getFileName().toString().endsWith("-runs")).sorted().toList();
        } catch (IOException e) {
            return List.of();   // no re-validation runs to read: nothing to explain
        }
    }

    /** The keys {@code by} gives in any run of either side, sorted. */
    public static <R> List<String> names(List<R> a, List<R> b, Function<R, ? extends Map<String, ?>> by) {
        TreeSet<String> all = new TreeSet<>();
        Stream.concat(a.stream(), b.stream()).forEach(r -> all.addAll(by.apply(r).keySet()));
        return List.copyOf(all);
    }

    /** The medians of {@code field} over the default's runs and the best's (null where no run has it). */
    public static <R> Pair pair(List<R> defaults, List<R> bests, Function<R, Double> field) {
        return Pair.of(median(defaults, field), median(bests, field));
    }

    static <R> Double median(List<R> runs, Function<R, Double> field) {
        double[] v = runs.stream().map(field).filter(Objects::nonNull).mapToDouble(Double::doubleValue).sorted()
                .toArray();
        if (v.length == 0) {
            return null;
        }
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }
}
