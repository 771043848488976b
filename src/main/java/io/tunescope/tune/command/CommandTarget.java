package io.tunescope.tune.command;

import io.tunescope.tune.space.Configuration;
import io.tunescope.tune.target.TuningTarget;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("command", file.command());
        m.put("repeats", file.repeats());
        return m;
    }
}
