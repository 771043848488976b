package io.tunescope.tune.command;

import io.tunescope.tune.database.DatabaseTargetSpec;
import io.tunescope.tune.session.Aggregate;
import io.tunescope.tune.session.Direction;
import io.tunescope.tune.session.TrialProtocol;
import io.tunescope.tune.shop.ShopTarget;
import io.tunescope.tune.shop.ShopTargetSpec;
import io.tunescope.tune.space.SearchSpace;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A parsed {@code TUNING.yaml}: the command to tune, how a configuration reaches it (arguments and/or environment
 * variables), where its objective comes from (a regular expression over its output, or its run time), and the
 * search settings; or, instead of the command, a database {@code target} (then the command fields are empty), tuned
 * for one workload or, when {@code workloads} lists several, for each of them and then cross-applied; with a
 * {@code knowledgeBase} directory a database session maps its workload to past ones (workload mapping); or the web
 * shop's stack ({@code target: engine: shop}, then {@code target} is null and {@code shop} holds it).
 */
public record TuningFile(Path source, List<String> command, Path workingDirectory, boolean passArgs, String argFormat,
                         boolean passEnv, String envPrefix, ObjectiveSource objectiveSource, Pattern objectivePattern,
                         Direction direction, Duration timeout, int repeats, Aggregate aggregate, int budget,
                         String strategy, long seed, SearchSpace space, DatabaseTargetSpec target,
                         List<Workload> workloads, Path knowledgeBase, ShopTargetSpec shop,
                         TrialProtocol protocol) {

    /** Where the objective of a run comes from. */
    public enum ObjectiveSource { STDOUT, TIME }

    /**
     * One workload of a session tuned for several: a file-name-safe name and the target that runs it, a database's
     * ({@code spec}) or the shop's ({@code shop}, one mix).
     */
    public record Workload(String name, DatabaseTargetSpec spec, ShopTargetSpec shop) {
        public Workload(String name, DatabaseTargetSpec spec) {
            this(name, spec, null);
        }
    }

    public TuningFile {
        command = List.copyOf(command);
        workloads = workloads == null ? List.of() : List.copyOf(workloads);
        protocol = protocol == null ? TrialProtocol.defaults() : protocol;
    }

    /** A file with the default trial protocol. */
    public TuningFile(Path source, List<String> command, Path workingDirectory, boolean passArgs, String argFormat,
                      boolean passEnv, String envPrefix, ObjectiveSource objectiveSource, Pattern objectivePattern,
                      Direction direction, Duration timeout, int repeats, Aggregate aggregate, int budget,
                      String strategy, long seed, SearchSpace space, DatabaseTargetSpec target,
                      List<Workload> workloads, Path knowledgeBase, ShopTargetSpec shop) {
        this(source, command, workingDirectory, passArgs, argFormat, passEnv, envPrefix, objectiveSource,
                objectivePattern, direction, timeout, repeats, aggregate, budget, strategy, seed, space, target,
                workloads, knowledgeBase, shop, null);
    }

    /** This file with another trial protocol. */
    public TuningFile withProtocol(TrialProtocol p) {
        return new TuningFile(source, command, workingDirectory, passArgs, argFormat, passEnv, envPrefix,
                objectiveSource, objectivePattern, direction, timeout, repeats, aggregate, budget, strategy, seed, space,
                target, workloads, knowledgeBase, shop, p);
    }

    /** This file with another target (and no workload list): the session of one workload of several. */
    public TuningFile withTarget(DatabaseTargetSpec newTarget) {
        return new TuningFile(source, command, workingDirectory, passArgs, argFormat, passEnv, envPrefix,
                objectiveSource, objectivePattern, direction, timeout, repeats, aggregate, budget, strategy, seed, space,
                newTarget, List.of(), knowledgeBase, shop, protocol);
    }

    /** This file with another shop target (and no workload list): the session of one mix of several. */
    public TuningFile withShop(ShopTargetSpec newShop) {
        return new TuningFile(source, command, workingDirectory, passArgs, argFormat, passEnv, envPrefix,
                objectiveSource, objectivePattern, direction, timeout, repeats, aggregate, budget, strategy, seed, space,
                target, List.of(), knowledgeBase, newShop, protocol);
    }

    /** This file with workload mapping on the knowledge base in {@code dir} (null: off). */
    public TuningFile withKnowledgeBase(Path dir) {
        return new TuningFile(source, command, workingDirectory, passArgs, argFormat, passEnv, envPrefix,
                objectiveSource, objectivePattern, direction, timeout, repeats, aggregate, budget, strategy, seed, space,
                target, workloads, dir, shop, protocol);
    }

    /** This file with another budget, strategy and seed (each null: unchanged). */
    public TuningFile withSearch(Integer newBudget, String newStrategy, Long newSeed) {
        return new TuningFile(source, command, workingDirectory, passArgs, argFormat, passEnv, envPrefix,
                objectiveSource, objectivePattern, direction, timeout, repeats, aggregate,
                newBudget != null ? newBudget : budget, newStrategy != null ? newStrategy : strategy,
                newSeed != null ? newSeed : seed, space, target, workloads, knowledgeBase, shop, protocol);
    }

    /** Whether a target is measured (a database or the shop) rather than a command. */
    public boolean hasTarget() {
        return target != null || shop != null;
    }

    /**
     * Re-validation runs of each of default and best at the end with the {@code single} protocol (a command target:
     * the least that gives an interval); the racing protocol re-validates until the answer is clear.
     */
    public int revalidateRuns() {
        return target != null ? target.revalidateRuns() : shop != null ? shop.revalidateRuns()
                : io.tunescope.tune.database.DatabaseTargetSpec.MIN_REVALIDATE_RUNS;
    }

    /**
     * Lines naming the knobs whose engine default lies outside this file's range, so that the default trial runs
     * the nearest value of the range instead (empty for a command or shop target).
     */
    public List<String> clampedDefaults() {
        return target == null ? List.of() : TargetSection.clampedDefaults(target.engine().knobs(), space);
    }

    /** The shop target of this file, or null. */
    public ShopTarget shopTarget() {
        return shop == null ? null : new ShopTarget(shop);
    }
}
