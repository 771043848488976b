package io.tunescope.tune.command;

import io.tunescope.store.TargetDescription;
import io.tunescope.tune.space.Configuration;
import io.tunescope.tune.target.TuningTarget;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** An external command as a tuning target: {@link CommandTrial} {@code repeats} times; the first failure ends it. */
public record CommandTarget(TuningFile file) implements TuningTarget {
    @Override
    public Measurement measure(Configuration config, boolean isDefault, Path log) throws InterruptedException {
        List<Double> values = new ArrayList<>();
        long elapsed = 0;
        for (int r = 0; r < file.repeats(); r++) {
            CommandTrial.Outcome o = CommandTrial.run(file, config, log);
            elapsed += o.elapsedMillis();
            if (!o.ok()) {
                return Measurement.failed(o.error(), elapsed);
            }
            values.add(o.objective());
        }
        return Measurement.ok(values, elapsed);
    }

    @Override
    public TargetDescription describe() {
        return new TargetDescription.Command(file.command());
    }
}
