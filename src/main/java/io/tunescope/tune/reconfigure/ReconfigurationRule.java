package io.tunescope.tune.reconfigure;

import io.tunescope.tune.cluster.ClusterLayout;
import io.tunescope.tune.cluster.ClusterNode;
import io.tunescope.tune.cluster.Move;
import io.tunescope.BadInputException;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which node to move between tiers (Chung and Hollingsworth 2004, Figure 3): take the hottest tier, and from the other tiers that can
 * spare a node (more than one node) the one whose node, moved to the hottest tier, leaves the smallest imbalance.
 * <p>
 * The model: a tier's load, {@code utilization × nodes} (node-equivalents busy), stays the same and spreads evenly
 * over its nodes, so moving a node from tier {@code d} to tier {@code h} predicts {@code u'(h) = u(h) n(h) / (n(h)+1)}
 * and {@code u'(d) = u(d) n(d) / (n(d)-1)}. The imbalance is {@code max - min} of the per-tier utilizations. A move
 * is proposed only when it lowers the imbalance by at least {@code hysteresis} (an absolute utilization, 0.05 by
 * default): every move then lowers the predicted imbalance by that much, so repeated application stops, and a
 * measured imbalance within the noise moves nothing. Ties: the first tier in the layout's order wins (for the
 * hottest tier and for the donor); the donor's node moved is its last in the layout.
 */
public record ReconfigurationRule(double hysteresis) {
    public static final double DEFAULT_HYSTERESIS = 0.05;
    public static final String MEASURE = "max - min of per-tier utilization (CPU of a tier's nodes / (window x "
            + "nodes)), predicted after the move with each tier's load spread evenly over its nodes";

    public ReconfigurationRule {
        if (!(hysteresis >= 0 && hysteresis <= 1)) {
            throw BadInputException.of("hysteresis", hysteresis, "must be from 0 to 1 (a utilization)");
        }
    }

    public static ReconfigurationRule standard() {
        return new ReconfigurationRule(DEFAULT_HYSTERESIS);
    }

    /** The rule's verdict: the move (empty for none), the imbalance now and predicted after it, and why. */
    public record Decision(Optional<Move> move, double imbalance, double predictedImbalance, String reason) {
    }

    /**
     * Applies the rule to {@code layout} with {@code utilization} per tier (each tier of the layout has one, from 0;
     * above 1 is allowed: a node may use more than one core).
     */
    public Decision decide(ClusterLayout layout, Map<String, Double> utilization) {
        List<String> tiers = layout.tiers();
        for (String t : tiers) {
            Double u = utilization.get(t);
            if (u == null || !(u >= 0) || u.isInfinite()) {
                throw BadInputException.of("utilization", t + "=" + u, "must be a finite number from 0 for every "
                        + "tier");
            }
        }
        double[] now = tiers.stream().mapToDouble(utilization::get).toArray();
        double imbalance = spread(now);
        int hot = 0;
        for (int i = 1; i < now.length; i++) {
            if (now[i] > now[hot]) {
                hot = i;
            }
        }
        int bestDonor = -1;
        double best = Double.POSITIVE_INFINITY;
        for (int d = 0; d < tiers.size(); d++) {
            int donorNodes = layout.inTier(tiers.get(d)).size();
            if (d == hot || donorNodes < 2) {
                continue;
            }
            double[] after = now.clone();
            int hotNodes = layout.inTier(tiers.get(hot)).size();
            after[hot] = now[hot] * hotNodes / (hotNodes + 1);
            after[d] = now[d] * donorNodes / (donorNodes - 1);
            double predicted = spread(after);
            if (predicted < best) {
                best = predicted;
                bestDonor = d;
            }
        }
        String hotTier = tiers.get(hot);
        if (bestDonor < 0) {
            return new Decision(Optional.empty(), imbalance, imbalance, "no tier but " + hotTier
                    + " has more than one node to spare");
        }
        if (best > imbalance - hysteresis) {
            return new Decision(Optional.empty(), imbalance, best, String.format(java.util.Locale.ROOT,
                    "moving a node of %s to %s would leave an imbalance of %.3f against %.3f now (less than %.3f "
                            + "better)", tiers.get(bestDonor), hotTier, best, imbalance, hysteresis));
        }
        List<ClusterNode> donors = layout.inTier(tiers.get(bestDonor));
        Move move = new Move(donors.get(donors.size() - 1).name(), tiers.get(bestDonor), hotTier);
        return new Decision(Optional.of(move), imbalance, best, String.format(java.util.Locale.ROOT,
                "%s is hottest (%.3f); moving %s from %s lowers the imbalance from %.3f to %.3f", hotTier, now[hot],
                move.node(), move.from(), imbalance, best));
    }

    private static double spread(double[] u) {
        double max = Double.NEGATIVE_INFINITY;
        double min = Double.POSITIVE_INFINITY;
        for (double v : u) {
            max = Math.max(max, v);
            min = Math.min(min, v);
        }
        return max - min;
    }
}
