package io.tunescope.tune.reconfigure;

import io.tunescope.tune.cluster.ClusterNode;
import io.tunescope.tune.cluster.ClusterLayout;
import io.tunescope.tune.cluster.Move;
import io.tunescope.BadInputException;
import io.tunescope.config.DurationText;
import io.tunescope.store.ReconfigurationRecord;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Node reconfiguration online: every window, read each tier's utilization and the WIPS from a
 * running cluster, apply {@link ReconfigurationRule}, and when it names a move, make it and measure the WIPS of a
 * window as long after it (after a settling pause). Before and after are compared only when both windows fall in
 * the same mix phase (a run whose mix changes at {@code mixChangeAt}). A node that fails during a move, or vanishes
 * while serving, is reported and left out; the loop goes on with the rest. The record so far goes to {@code sink}
 * after every window, so whatever was measured before an error is kept.
 */
public final class OnlineReconfiguration {
    /**
     * @param window      the length of each measured window
     * @param settle      the pause after a move before its after-window starts
     * @param total       how long the loop watches
     * @param mixChangeAt when the mix changes, from the loop's start (null: never)
     * @param mix         the mix's label, then the one after the change (null without a change): the phases' names
     */
    public record Settings(Duration window, Duration settle, Duration total, Duration mixChangeAt,
                           ReconfigurationRule rule, String mix, String mixAfter) {
        public Settings {
            if (window.compareTo(Duration.ofMillis(100)) < 0) {
                throw BadInputException.of("window", DurationText.format(window), "must be at least 100ms");
            }
            if (settle.isNegative()) {
                throw BadInputException.of("settle", DurationText.format(settle), "must not be negative");
            }
            if (total.compareTo(window.multipliedBy(3)) < 0) {
                throw BadInputException.of("duration", DurationText.format(total), "must hold at least three "
                        + "windows of " + DurationText.format(window) + " (before, move, after)");
            }
        }
    }

    /** A cluster that says why it excluded a node (the shop's stack does). */
    public interface FailureReasons {
        /** The nodes excluded so far, with why. */
        Map<String, String> failedNodes();
    }

    private final ReconfigurableCluster cluster;
    private final Settings settings;
    private final Consumer<ReconfigurationRecord> sink;
    private final List<ReconfigurationRecord.Step> steps = new ArrayList<>();
    private final List<ReconfigurationRecord.Window> windows = new ArrayList<>();
    private final List<ReconfigurationRecord.FailedNode> failed = new ArrayList<>();
    private long originNanos;

    public OnlineReconfiguration(ReconfigurableCluster cluster, Settings settings,
                                 Consumer<ReconfigurationRecord> sink) {
        this.cluster = cluster;
        this.settings = settings;
        this.sink = sink;
    }

    /** Watches for {@code settings.total()}; {@code tick} is told the seconds done. */
    public ReconfigurationRecord run(java.util.function.LongConsumer tick) throws InterruptedException {
        originNanos = System.nanoTime();
        String error = null;
        try {
            long windowNanos = settings.window().toNanos();
            while (elapsedNanos() + windowNanos <= settings.total().toNanos()) {
                watchOnce();
                tick.accept(elapsedNanos() / 1_000_000_000L);
                sink.accept(record(null));
            }
        } catch (RuntimeException e) {
            error = e.getClass().getSimpleName() + ": " + e.getMessage();
            sink.accept(record(error));
            throw e;
        }
        ReconfigurationRecord done = record(error);
        sink.accept(done);
        return done;
    }

    private void watchOnce() throws InterruptedException {
        Set<String> nodesBefore = names(cluster.layout());
        double at = seconds(elapsedNanos());
        Map<String, Double> utilization = measure();
        double wips = cluster.wips(settings.window());
        noteVanished(nodesBefore, Set.of(), "serving");
        ClusterLayout layout = cluster.layout();
        ReconfigurationRule.Decision d = settings.rule().decide(layout, utilization);
        String end = phase(seconds(elapsedNanos()));
        // a window that holds the change of mix measured neither mix: no move on it
        boolean oneMix = phase(at).equals(end);
        windows.add(window(at, utilization, layout, wips, oneMix ? d.reason() : "the mix changed during this "
                + "window (" + phase(at) + " -> " + end + "): no move"));
        boolean room = elapsedNanos() + settings.settle().toNanos() + settings.window().toNanos()
                <= settings.total().toNanos();
        if (d.move().isPresent() && room && oneMix) {
            Move move = d.move().get();
            moveAndMeasure(move.withKind(cluster.kindOf(move.from(), move.to())), at, wips, d.reason());
        }
    }

    private void moveAndMeasure(Move move, double beforeAt, double beforeWips, String reason)
            throws InterruptedException {
        Set<String> nodesBefore = names(cluster.layout());
        double at = seconds(elapsedNanos());
        String error = null;
        try {
            cluster.move(move);
        } catch (RuntimeException e) {
            error = e.getClass().getSimpleName() + ": " + e.getMessage();
        }
        double moveSeconds = seconds(elapsedNanos()) - at;
        boolean ok = error == null && cluster.layout().nodes().stream()
                .anyMatch(n -> n.name().equals(move.node()) && n.tier().equals(move.to()));
        if (!ok) {
            noteVanished(nodesBefore, Set.of(move.node()), "move to " + move.to());
            if (error != null && failed.stream().noneMatch(f -> f.node().equals(move.node()))) {
                failed.add(new ReconfigurationRecord.FailedNode(move.node(), at, "move to " + move.to(), error));
            }
            steps.add(new ReconfigurationRecord.Step(move.node(), move.from(), move.to(), beforeWips, null, false,
                    phase(beforeAt), null, at, moveSeconds, false, reason, move.kind().label()));
            return;
        }
        Thread.sleep(settings.settle().toMillis());
        double afterAt = seconds(elapsedNanos());
        Map<String, Double> utilization = measure();
        double afterWips = cluster.wips(settings.window());
        ClusterLayout layout = cluster.layout();
        windows.add(window(afterAt, utilization, layout, afterWips, "after moving " + move.node()));
        double afterEnd = seconds(elapsedNanos());
        steps.add(new ReconfigurationRecord.Step(move.node(), move.from(), move.to(), beforeWips, afterWips,
                phase(beforeAt).equals(phase(afterEnd)), phase(beforeAt), phase(afterEnd), at, moveSeconds, true,
                reason, move.kind().label()));
    }

    /** Each tier's utilization over one window; waits out the window if the cluster answered sooner. */
    private Map<String, Double> measure() throws InterruptedException {
        long start = System.nanoTime();
        Map<String, Double> u = cluster.tierUtilization(settings.window());
        long left = settings.window().toNanos() - (System.nanoTime() - start);
        if (left > 0) {
            Thread.sleep(left / 1_000_000, (int) (left % 1_000_000));
        }
        return u;
    }

    /** Nodes of {@code before} no longer in the layout (other than those in {@code except}) failed. */
    private void noteVanished(Set<String> before, Set<String> except, String during) {
        Set<String> now = names(cluster.layout());
        Map<String, String> reasons = cluster instanceof FailureReasons f ? f.failedNodes() : Map.of();
        for (String n : before) {
            boolean excepted = except.contains(n) && !reasons.containsKey(n);
            if (!now.contains(n) && !excepted && failed.stream().noneMatch(x -> x.node().equals(n))) {
                failed.add(new ReconfigurationRecord.FailedNode(n, seconds(elapsedNanos()), during,
                        reasons.getOrDefault(n, "left the cluster")));
            }
        }
    }

    private ReconfigurationRecord.Window window(double at, Map<String, Double> utilization, ClusterLayout layout,
                                                double wips, String decision) {
        Map<String, Integer> nodes = new LinkedHashMap<>();
        layout.tiers().forEach(t -> nodes.put(t, layout.inTier(t).size()));
        Map<String, Double> u = new TreeMap<>();
        utilization.forEach((k, v) -> u.put(k, round(v)));
        return new ReconfigurationRecord.Window(at, seconds(settings.window().toNanos()), phase(at), u, nodes,
                round(wips), decision);
    }

    /** The record so far; before and after from the first successful move's phase (see the record's comment). */
    ReconfigurationRecord record(String error) {
        List<ReconfigurationRecord.Step> done = steps.stream().filter(ReconfigurationRecord.Step::ok).toList();
        ReconfigurationRecord.Wips before = null;
        ReconfigurationRecord.Wips after = null;
        if (!done.isEmpty()) {
            ReconfigurationRecord.Step first = done.get(0);
            before = new ReconfigurationRecord.Wips(round(first.beforeWips()));
            after = done.stream().filter(s -> s.samePhase() && s.phaseBefore().equals(first.phaseBefore()))
                    .reduce((a, b) -> b).map(s -> new ReconfigurationRecord.Wips(round(s.afterWips()))).orElse(null);
        }
        List<ReconfigurationRecord.MoveRecord> moves = done.stream()
                .map(s -> new ReconfigurationRecord.MoveRecord(s.node(), s.from(), s.to(), s.kind())).toList();
        return new ReconfigurationRecord(before, after, moves, steps, windows, failed,
                "hottest tier gains a node from the tier (with more than one node) that leaves the smallest "
                        + "imbalance; a move must lower it by at least the hysteresis", ReconfigurationRule.MEASURE,
                settings.rule().hysteresis(), seconds(settings.window().toNanos()),
                seconds(settings.settle().toNanos()), settings.mixChangeAt() == null ? null
                : DurationText.format(settings.mixChangeAt()), error);
    }

    private String phase(double atSeconds) {
        Duration change = settings.mixChangeAt();
        return change == null || atSeconds < seconds(change.toNanos()) ? settings.mix() : settings.mixAfter();
    }

    private static Set<String> names(ClusterLayout layout) {
        return layout.nodes().stream().map(ClusterNode::name).collect(Collectors.toSet());
    }

    private long elapsedNanos() {
        return System.nanoTime() - originNanos;
    }

    private static double seconds(long nanos) {
        return round(nanos / 1e9);
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
