package io.tunescope.tune.command;

import io.tunescope.store.WorkloadsSummary;
import io.tunescope.tune.shop.ShopTarget;
import io.tunescope.tune.target.CrossApply;

/**
 * The web shop tuned for several mixes ({@code engine: shop} with {@code workloads:}): one session per mix, each in
 * its own directory and without its own re-validation, then the cross-apply matrix ({@link CrossApply}): every mix's
 * best and the default measured on every mix, alternately, with intervals (Active Harmony's Figure 2). As for a
 * database's workloads ({@link WorkloadsTuner}), the diagonal re-validates each mix's best in its {@code best.json}.
 */
final class ShopWorkloadsTuner {
    private ShopWorkloadsTuner() {
    }

    static WorkloadKind kind(TuningFile f) {
        return new WorkloadKind("shop", f.shopTarget().describe(), f.shop().objective().label(),
                f.shop().revalidateRuns(), w -> new ShopTarget(w.shop()),
                (w, target, dir, resume, progress) -> CommandTuner.run(f.withShop(w.shop().withRevalidateRuns(0)),
                        dir, resume, progress),
                (w, best) -> WorkloadsSummary.Workload.shop(w.name(), w.shop().mix().label(), w.shop().browsers(),
                        best));
    }
}
