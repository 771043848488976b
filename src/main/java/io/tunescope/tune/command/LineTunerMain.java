package io.tunescope.tune.command;

import io.tunescope.BadInputException;
import io.tunescope.Notices;
import io.tunescope.Outcome;
import io.tunescope.Progress;
import io.tunescope.shop.ParentWatch;
import io.tunescope.store.FreshOutput;
import io.tunescope.store.Json;
import io.tunescope.tune.cluster.lines.LineTunerSpec;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Main class of a line tuner, the child JVM that {@link io.tunescope.tune.cluster.lines.LineTuners} starts per work
 * line: {@code java -cp ... LineTunerMain SPEC.json}. It reads its {@link LineTunerSpec} and the study store's
 * password from its environment, runs the spec's tuning file as one session on the spec's study (a
 * {@code clusterLine:} file through {@link ClusterLineTuner}, any other file of one session through
 * {@link CommandTuner}), and exits 0 when a trial succeeded, 1 when none did, 3 on bad input. It also exits when its
 * standard input ends: the controller holds it open, so a {@code kill -9} of the controller ends its tuners.
 */
public final class LineTunerMain {
    private LineTunerMain() {
    }

    public static void main(String[] args) {
        ParentWatch.exitWhenClosed(System.in, () -> { });
        System.exit(run(args).exitCode());
    }

    /** Runs the session of the spec {@code args[0]}; what happened, as an exit code's kind. */
    static Outcome run(String[] args) {
        if (args.length != 1) {
            Notices.say("line tuner: usage: LineTunerMain SPEC.json");
            return Outcome.USAGE;
        }
        try {
            LineTunerSpec spec = LineTunerSpec.read(Path.of(args[0]));
            CommandTuner.Result r = session(spec, System.getenv(LineTunerSpec.PASSWORD_ENV));
            Notices.say(Json.toJson(r.best()));
            Notices.say("line tuner: " + r.newTrials() + " new trial(s) in study " + spec.studyName()
                    + "; results in " + spec.outputDirectory());
            return r.best().best() == null ? Outcome.FAILURE : Outcome.OK;
        } catch (BadInputException e) {
            Notices.say("line tuner: " + e.getMessage());
            return e.outcome();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            Notices.say("line tuner: interrupted");
            return Outcome.FAILURE;
        } catch (IOException | RuntimeException e) {
            Notices.sayWithTrace(e);
            return Outcome.FAILURE;
        }
    }

    /** The spec's session: a new output directory, its trials in the spec's study. */
    static CommandTuner.Result session(LineTunerSpec spec, String password) throws IOException,
            InterruptedException {
        Path dir = spec.outputPath();
        Path tuning = spec.tuningFilePath();
        FreshOutput.check(dir);
        StudyChoice.Options study = new StudyChoice.Options(spec.studyUrl(), spec.studyName(), spec.studyUser(),
                password);
        if (ClusterLineTuner.isLineFile(tuning)) {
            try (StudyChoice choice = StudyChoice.open(study, dir, false)) {
                choice.startIn(dir, tuning);
                return ClusterLineTuner.run(tuning, dir, choice.location(), spec.studyUrl(), spec.studyUser(),
                        password, Progress.NONE);
            }
        }
        if (ClusterFileParser.isClusterFile(tuning)) {
            throw BadInputException.of("tuningFile", tuning, "must be a tuning file of one session, not a cluster: "
                    + "comparison");
        }
        TuningFile f = TuningFileParser.read(tuning);
        if (!f.workloads().isEmpty()) {
            throw BadInputException.of("tuningFile", tuning, "must be a tuning file of one session (it has a "
                    + "workloads: list, one session per workload)");
        }
        f.clampedDefaults().forEach(line -> Notices.say("line tuner: " + line));
        try (StudyChoice choice = StudyChoice.open(study, dir, false)) {
            choice.startIn(dir, tuning);
            return CommandTuner.run(f, dir, choice.location(), false, Progress.NONE);
        }
    }
}
