package io.tunescope.tune.command;

import io.tunescope.tune.database.DatabaseTargetSpec;
import io.tunescope.tune.session.Aggregate;
import io.tunescope.tune.session.Direction;
import io.tunescope.tune.space.SearchSpace;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A parsed {@code TUNING.yaml}: the command to tune, how a configuration reaches it (arguments and/or environment
 * variables), where its objective comes from (a regular expression over its output, or its run time), and the
 * search settings; or, instead of the command, a database {@code target} (then the command fields are empty).
 */
public record TuningFile(Path source, List<String> command, Path workingDirectory, boolean passArgs, String argFormat,
                         boolean passEnv, String envPrefix, ObjectiveSource objectiveSource, Pattern objectivePattern,
                         Direction direction, Duration timeout, int repeats, Aggregate aggregate, int budget,
                         String strategy, long seed, SearchSpace space, DatabaseTargetSpec target) {

    /** Where the objective of a run comes from. */
    public enum ObjectiveSource { STDOUT, TIME }

    public TuningFile {
        command = List.copyOf(command);
    }
}
