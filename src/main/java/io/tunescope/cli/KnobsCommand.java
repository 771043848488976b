package io.tunescope.cli;

import io.tunescope.engine.Engines;
import io.tunescope.engine.knob.Knob;
import io.tunescope.engine.knob.KnobCatalog;
import io.tunescope.store.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.List;
import java.util.concurrent.Callable;

/** {@code tunescope knobs --engine E}: prints an engine's knob catalog, as a table or as JSON. */
@Command(name = "knobs", mixinStandardHelpOptions = true,
        description = "Print the knobs tunescope may tune on an engine: type, range, unit, default, special values "
                + "and how a change is applied (session, reload, restart, or client for tunescope's own driver).")
public final class KnobsCommand implements Callable<Integer> {
    @Option(names = "--engine", required = true, paramLabel = "ENGINE",
            completionCandidates = EngineCandidates.Tunable.class,
            description = "The engine whose catalog to print: one of ${COMPLETION-CANDIDATES}.")
    String engine;

    @Mixin
    JsonOption json;

    @Override
    public Integer call() {
        KnobCatalog catalog = Engines.tunable().byId(engine).knobs();
        if (json.on()) {
            System.out.println(Json.toJson(catalog));
        } else {
            System.out.print(table(catalog));
        }
        return ExitCode.OK;
    }

    static String table(KnobCatalog catalog) {
        List<String[]> rows = new java.util.ArrayList<>();
        rows.add(new String[] {"knob", "type", "range", "unit", "default", "special", "apply", "what it is"});
        for (Knob k : catalog.knobs()) {
            String range = k.min() != null ? number(k.min()) + ".." + number(k.max()) : String.join("|", k.values());
            rows.add(new String[] {k.name(), k.type().label(), range, k.unit() == null ? "" : k.unit(),
                    k.defaultValue() == null ? "(derived)" : String.valueOf(k.defaultValue()),
                    k.special().isEmpty() ? "" : k.special().toString(), k.apply().label(), k.description()});
        }
        int[] widths = new int[rows.get(0).length];
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                widths[i] = Math.max(widths[i], r[i].length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (String[] r : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < r.length; i++) {
                line.append(i == r.length - 1 ? r[i] : String.format("%-" + widths[i] + "s  ", r[i]));
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
        return out.toString();
    }

    private static String number(double d) {
        return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
    }
}
