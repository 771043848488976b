package io.tunescope.tune.cluster;

import io.tunescope.store.SimCalibration;
import io.tunescope.tune.cluster.sim.SimulatedCluster;
import io.tunescope.tune.cluster.sim.SimulatedOnline;
import io.tunescope.Progress;
import io.tunescope.store.ClusterResult;
import io.tunescope.tune.space.Configuration;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The cluster-scaling study (not a test; run by scripts/cluster-scaling.sh): the three modes on simulated clusters
 * of 10 to 100 nodes over several seeds (trials to 95 % and WIPS spread against node count), and where moving a node
 * to the hottest tier pays off in the model. Arguments: OUT_DIR TRIALS SEEDS.
 */
public final class ClusterScalingStudy {
    static final int[] SIZES = {10, 20, 50, 100};

    private ClusterScalingStudy() {
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        int trials = Integer.parseInt(args[1]);
        int seeds = Integer.parseInt(args[2]);
        Files.createDirectories(out);
        StringBuilder csv = new StringBuilder("nodes,lines,mode,seed,trials,defaultWips,bestWips,referenceWips,"
                + "trialsTo95Percent,wipsStdDuringTuning,wipsStdSecondHalf,meanWipsLastQuarter\n");
        Map<String, Map<Integer, List<Double>>> to95 = new LinkedHashMap<>();
        Map<String, Map<Integer, List<Double>>> cv = new LinkedHashMap<>();
        for (int size : SIZES) {
            ClusterLayout layout = layout(size, 5);
            int browsers = 2_500 * layout.inTier("app").size();
            for (int seed = 1; seed <= seeds; seed++) {
                long s = seed;
                ClusterComparison.Result r = ClusterComparison.run(
                        () -> new SimulatedCluster(layout, SimCalibration.RECORDED, browsers, 350, 2, s),
                        List.of(TuningMode.values()), new ModeRun.Settings(trials, "nelder-mead", s),
                        out.resolve("runs").resolve(size + "-nodes-seed-" + seed), Progress.NONE);
                for (int i = 0; i < r.outcomes().size(); i++) {
                    ClusterResult.Mode m = r.result().modes().get(i);
                    List<Double> w = r.outcomes().get(i).wipsPerTrial();
                    double last = w.subList(w.size() * 3 / 4, w.size()).stream().mapToDouble(Double::doubleValue)
                            .average().orElse(Double.NaN);
                    csv.append(String.join(",", List.of(String.valueOf(size), String.valueOf(layout.lines().size()),
                            m.mode(), String.valueOf(seed), String.valueOf(m.trials()), fmt(w.get(0)),
                            fmt(m.bestWips()), fmt(r.result().referenceWips()), String.valueOf(m.trialsTo95Percent()),
                            fmt(m.wipsStdDuringTuning()), fmt(m.wipsStdSecondHalf()), fmt(last)))).append('\n');
                    double reached = m.trialsTo95Percent() == null ? trials + 1 : m.trialsTo95Percent();
                    to95.computeIfAbsent(m.mode(), k -> new LinkedHashMap<>()).computeIfAbsent(size,
                            k -> new ArrayList<>()).add(reached);
                    cv.computeIfAbsent(m.mode(), k -> new LinkedHashMap<>()).computeIfAbsent(size,
                            k -> new ArrayList<>()).add(m.wipsStdSecondHalf() / last * 100);
                }
            }
            System.err.println("study: " + size + " nodes done");
        }
        Files.writeString(out.resolve("scaling.csv"), csv.toString());
        chart(out.resolve("cluster-scaling"), to95, cv, trials);
        Files.writeString(out.resolve("reconfiguration.csv"), reconfiguration());
        System.out.println(table(to95, cv, trials));
    }

    /** {@code size} nodes, one proxy per {@code appsPerProxy} application nodes, one work line per proxy. */
    static ClusterLayout layout(int size, int nodesPerLine) {
        int proxies = size / nodesPerLine;
        Map<String, Integer> tiers = new LinkedHashMap<>();
        tiers.put("proxy", proxies);
        tiers.put("app", size - proxies);
        return Layouts.of(proxies, tiers);
    }

    private static String fmt(Double v) {
        return v == null ? "" : String.format(java.util.Locale.ROOT, "%.1f", v);
    }

    private static double median(List<Double> v) {
        double[] a = v.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return a.length % 2 == 1 ? a[a.length / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
    }

    private static String table(Map<String, Map<Integer, List<Double>>> to95, Map<String, Map<Integer,
            List<Double>>> cv, int trials) {
        StringBuilder b = new StringBuilder("| nodes | mode | trials to 95 % (median; per seed, " + (trials + 1)
                + " = never) | WIPS std / mean, second half (median %) |\n| --- | --- | --- | --- |\n");
        for (int size : SIZES) {
            for (String mode : to95.keySet()) {
                List<Double> t = to95.get(mode).get(size);
                b.append("| ").append(size).append(" | ").append(mode).append(" | ").append(fmt(median(t)))
                        .append(" (").append(t.stream().map(x -> String.valueOf(x.intValue())).toList())
                        .append(") | ").append(fmt(median(cv.get(mode).get(size)))).append(" |\n");
            }
        }
        return b.toString();
    }

    private static void chart(Path file, Map<String, Map<Integer, List<Double>>> to95,
                              Map<String, Map<Integer, List<Double>>> cv, int trials) throws IOException {
        XYChart chart = new XYChartBuilder().width(900).height(500)
                .title("simulated clusters: median trials to 95 % of the best WIPS (" + trials + " trials per mode)")
                .xAxisTitle("nodes").yAxisTitle("trials to 95 % (" + (trials + 1) + " = never)").build();
        List<Double> xs = Arrays.stream(SIZES).mapToObj(i -> (double) i).toList();
        for (String mode : to95.keySet()) {
            chart.addSeries(mode, xs, Arrays.stream(SIZES).mapToObj(s -> median(to95.get(mode).get(s))).toList());
        }
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
        XYChart spread = new XYChartBuilder().width(900).height(500)
                .title("simulated clusters: WIPS std / mean over the second half of the trials (median of seeds)")
                .xAxisTitle("nodes").yAxisTitle("%").build();
        for (String mode : cv.keySet()) {
            spread.addSeries(mode, xs, Arrays.stream(SIZES).mapToObj(s -> median(cv.get(mode).get(s))).toList());
        }
        BitmapEncoder.saveBitmap(spread, file + "-spread", BitmapEncoder.BitmapFormat.PNG);
    }

    /**
     * Moves one node at a time from the least utilized tier that has more than one node to the most utilized one,
     * while WIPS rises (at most one move per node), for several layouts and two mixes: browsing as calibrated, and an
     * ordering-like mix whose pages the proxy can hardly cache (hit share 2 %).
     */
    static String reconfiguration() {
        StringBuilder b = new StringBuilder("nodes,nodesPerLine,mix,config,wipsBefore,wipsAfter,gainPercent,moves\n");
        SimCalibration browsing = SimCalibration.RECORDED;
        SimCalibration ordering = new SimCalibration(browsing.proxyCpuMillis(), browsing.appCpuMillis(),
                browsing.dbMillis(), 0.02, "browsing's demands, proxy hit share 2 %");
        for (int size : SIZES) {
            for (int perLine : new int[] {2, 5}) {
                for (Map.Entry<String, SimCalibration> mix : Map.of("browsing", browsing, "ordering-like", ordering)
                        .entrySet()) {
                    ClusterLayout layout = layout(size, perLine);
                    SimulatedCluster sim = new SimulatedCluster(layout, mix.getValue(),
                            2_500 * layout.inTier("app").size(), 350, 0, 1);
                    for (String which : List.of("default", "good")) {
                        b.append(reconfigure(sim, layout, which, size, perLine, mix.getKey()));
                    }
                }
            }
        }
        return b.toString();
    }

    private static String reconfigure(SimulatedCluster sim, ClusterLayout layout, String which, int size, int perLine,
                                      String mix) {
        Map<String, Configuration> config = new LinkedHashMap<>();
        for (ClusterNode n : layout.nodes()) {
            Configuration d = sim.nodeSpace(n.tier()).defaultConfiguration().orElseThrow();
            config.put(n.name(), which.equals("default") ? d : good(n.tier()));
        }
        SimulatedOnline online = new SimulatedOnline(sim, config);
        double before = online.wips(Duration.ZERO);
        double now = before;
        List<String> moves = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            Map<String, Double> u = online.tierUtilization(Duration.ZERO);
            String hot = u.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
            var donor = u.entrySet().stream().filter(e -> !e.getKey().equals(hot)
                    && online.layout().inTier(e.getKey()).size() > 1).min(Map.Entry.comparingByValue());
            if (donor.isEmpty()) {
                break;
            }
            Map<String, Double> nodes = online.nodeUtilization();
            ClusterNode k = online.layout().inTier(donor.get().getKey()).stream()
                    .min((a, c) -> Double.compare(nodes.get(a.name()), nodes.get(c.name()))).orElseThrow();
            Move move = new Move(k.name(), k.tier(), hot);
            online.move(move);
            double after = online.wips(Duration.ZERO);
            if (after <= now) {
                online.move(new Move(k.name(), hot, donor.get().getKey()));
                break;
            }
            now = after;
            moves.add(k.name() + ":" + donor.get().getKey() + "->" + hot);
        }
        String summary = moves.isEmpty() ? "none" : moves.size() + " x " + moves.get(0).substring(moves.get(0)
                .indexOf(':') + 1) + " (" + String.join(" ", moves.subList(0, Math.min(3, moves.size())))
                + (moves.size() > 3 ? " ..." : "") + ")";
        return String.join(",", List.of(String.valueOf(size), String.valueOf(perLine), mix, which, fmt(before),
                fmt(now), fmt((now / before - 1) * 100), summary)) + "\n";
    }

    private static Configuration good(String tier) {
        return tier.equals("proxy") ? new Configuration(Map.of("proxy_cache_size", 256L, "proxy_workers", 2L))
                : new Configuration(Map.of("app_max_threads", 16L, "app_cache_entries", 1500L));
    }
}
