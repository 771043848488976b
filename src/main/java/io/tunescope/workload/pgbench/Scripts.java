package io.tunescope.workload.pgbench;

import io.tunescope.BadInputException;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A workload's scripts parsed for one user, sharing one table of variables as pgbench's scripts share a client's
 * variables. Parsing also checks that every variable a script reads is set somewhere: automatically, by a
 * {@code \set}, or as a column of a {@code \gset}/{@code \aset} query (unless a query's columns cannot be read from
 * its text, such as {@code SELECT *}).
 */
final class Scripts {
    final Variables variables = new Variables();
    final Script[] scripts;

    private Scripts(List<ScriptSource> sources) {
        if (sources.isEmpty()) {
            throw BadInputException.of("workload", "pgbench:", "needs at least one script or built-in");
        }
        List<ScriptParser> parsers = new ArrayList<>();
        scripts = new Script[sources.size()];
        for (int i = 0; i < sources.size(); i++) {
            ScriptSource source = sources.get(i);
            ScriptParser parser = new ScriptParser(source.file(), source.text(), variables);
            scripts[i] = new Script(source.name(), source.file(), source.weight(), parser.parse());
            parsers.add(parser);
        }
        checkDefined(parsers);
    }

    /** Parses and checks every script; throws {@code file:line: why} for the first problem. */
    static Scripts parse(List<ScriptSource> sources) {
        return new Scripts(sources);
    }

    private static void checkDefined(List<ScriptParser> parsers) {
        if (parsers.stream().anyMatch(p -> p.unknownColumns)) {
            return;
        }
        Set<String> defined = new HashSet<>(Variables.AUTOMATIC);
        parsers.forEach(p -> defined.addAll(p.sets));
        for (ScriptParser parser : parsers) {
            for (ScriptParser.Use use : parser.uses) {
                if (!defined.contains(use.name())) {
                    throw parser.error(use.line(), "undefined variable \"" + use.name() + "\"");
                }
            }
        }
    }
}
