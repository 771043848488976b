package io.tunescope.cli;

import io.tunescope.engine.Engines;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** Every command still takes the engines it took before the registry, and names the others' rule. */
class EngineOptionTest {
    private static final String SELF = Long.toString(ProcessHandle.current().pid());

    /** Runs the command and returns its exit code and the first line it printed on stderr. */
    private static Object[] run(String... args) {
        PrintStream err = System.err;
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        try {
            System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
            int code = Main.execute(args);
            return new Object[] {code, e.toString(StandardCharsets.UTF_8).strip().lines().findFirst().orElse("")};
        } finally {
            System.setErr(err);
        }
    }

    @Test
    void runTakesDuckDbPostgresMariaDbAndJdbcOnly(@TempDir Path dir) {
        String out = dir.resolve("x").toString();
        Object[] r = run("run", "--engine", "sqlite", "--out", out);
        assertThat(r[0]).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(r[1].toString()).endsWith("engine (sqlite) must be one of [duckdb, h2, jdbc, mariadb, postgres]; sqlite "
                + "cannot host a TPC-H tenant yet");
        assertThat(run("run", "--engine", "derby", "--out", out)[0]).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(run("run", "--engine", "generic", "--out", out)[0]).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(dir.resolve("x")).doesNotExist();
    }

    @Test
    void scaleRejectsMariaDbAndAsksJdbcForItsUrl(@TempDir Path dir) {
        Object[] r = run("scale", "--engine", "mariadb", "--out", dir.toString());
        assertThat(r[0]).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(r[1].toString()).endsWith("engine (mariadb) must be one of [derby, duckdb, h2, hsqldb, jdbc, "
                + "postgres, sqlite]; mariadb cannot run in the scale lab yet");
        assertThat(run("scale", "--engine", "generic", "--out", dir.toString())[0]).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(run("scale", "--engine", "JDBC", "--out", dir.toString())[0]).isEqualTo(ExitCode.USAGE);
    }

    @Test
    void monitorTakesTheFourClassifierNames() {
        Object[] r = run("monitor", "--pid", SELF, "--engine", "derby", "--duration", "10ms");
        assertThat(r[0]).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(r[1].toString()).endsWith("engine (derby) must be one of [duckdb, generic, mariadb, postgres]; "
                + "derby cannot be monitored as a process of its own yet");
        assertThat(run("monitor", "--pid", SELF, "--engine", "jdbc", "--duration", "10ms")[0])
                .isEqualTo(ExitCode.BAD_INPUT);
    }

    /** Each {@code --engine} help lists, from the registry, every engine its command takes and no other. */
    @Test
    void everyEngineHelpListsTheRegisteredEnginesItTakes() {
        java.util.Map<String, io.tunescope.engine.EngineSet> sets = java.util.Map.of("run", Engines.tenants(),
                "scale", Engines.scaleLab(), "knobs", Engines.tunable(), "monitor", Engines.monitored());
        java.util.Set<String> listed = new java.util.TreeSet<>();
        sets.forEach((name, engines) -> {
            picocli.CommandLine.Model.OptionSpec option = Main.newCommandLine().getSubcommands().get(name)
                    .getCommandSpec().findOption("--engine");
            String help = String.join(" ", option.description()).replace("${COMPLETION-CANDIDATES}",
                    String.join(", ", option.completionCandidates()));
            assertThat(option.completionCandidates()).as(name).containsExactlyElementsOf(engines.names());
            for (String engine : engines.names()) {
                assertThat(help).as(name).containsPattern("\\b" + engine + "\\b");
            }
            listed.addAll(engines.names());
        });
        for (io.tunescope.engine.Engine engine : Engines.all()) {
            assertThat(listed).as("every registered engine is taken by some --engine").contains(engine.id());
        }
        String rendered = Main.newCommandLine().getSubcommands().get("scale").getUsageMessage(
                picocli.CommandLine.Help.Ansi.OFF).replaceAll("\\s+", " ");
        assertThat(rendered).contains("one of " + String.join(", ", Engines.scaleLab().names()));
    }
}
