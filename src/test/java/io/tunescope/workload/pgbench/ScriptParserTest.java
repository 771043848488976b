package io.tunescope.workload.pgbench;

import io.tunescope.BadInputException;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ScriptParserTest {
    private static Scripts parse(String text) {
        return Scripts.parse(List.of(new ScriptSource("s", "s.sql", text, 1)));
    }

    @Test
    void variablesBecomeBoundParameters() {
        Scripts scripts = parse("""
                \\set aid random(1, 100000 * :scale)
                -- a comment
                SELECT abalance, 'a :literal', x::int
                  FROM pgbench_accounts WHERE aid = :aid AND bid = :aid;
                """);
        Command[] program = scripts.scripts[0].program();
        assertThat(program).hasSize(2);
        Command.Sql sql = (Command.Sql) program[1];
        assertThat(sql.line).isEqualTo(3);
        assertThat(sql.statements).containsExactly(
                "SELECT abalance, 'a :literal', x::int\n  FROM pgbench_accounts WHERE aid = ? AND bid = ?");
        int aid = scripts.variables.slot("aid");
        assertThat(sql.parameterSlots[0]).containsExactly(aid, aid);
    }

    @Test
    void gsetDefinesTheColumnsItReads() {
        Scripts scripts = parse("""
                SELECT count(*) AS n, max(abalance) FROM pgbench_accounts \\gset p_
                \\set m :p_n + :p_max
                SELECT 1 \\; SELECT 2 AS two \\aset
                \\set z :two
                """);
        Command.Sql first = (Command.Sql) scripts.scripts[0].program()[0];
        assertThat(first.capture).isEqualTo(Command.Capture.GSET);
        assertThat(first.prefix).isEqualTo("p_");
        Command.Sql compound = (Command.Sql) scripts.scripts[0].program()[2];
        assertThat(compound.statements).containsExactly("SELECT 1", "SELECT 2 AS two");
        assertThat(compound.capture).isEqualTo(Command.Capture.ASET);
    }

    @Test
    void ifChainsBecomeJumps() throws Exception {
        Scripts scripts = parse("""
                \\set x 2
                \\if :x = 1
                \\set y 10
                \\elif :x = 2
                \\set y 20
                \\else
                \\set y 30
                \\endif
                """);
        Env env = new Env(scripts.variables.size(), new java.util.SplittableRandom(1), 1);
        Command[] program = scripts.scripts[0].program();
        int pc = 0;
        while (pc < program.length) {
            Command c = program[pc];
            if (c instanceof Command.Set set) {
                env.vars[set.slot].copyFrom(set.expression.eval(env));
                pc++;
            } else if (c instanceof Command.JumpUnless j) {
                pc = j.condition.eval(env).asBool() ? pc + 1 : j.target;
            } else {
                pc = ((Command.Jump) c).target;
            }
        }
        assertThat(env.vars[scripts.variables.slot("y")].intValue).isEqualTo(20);
    }

    @Test
    void sleepTakesUnitsAndVariables() {
        Scripts scripts = parse("\\set d 5\n\\sleep 10 ms\n\\sleep :d us\n\\sleep 2\n");
        Command[] program = scripts.scripts[0].program();
        assertThat(((Command.Sleep) program[1]).unitNanos).isEqualTo(1_000_000L);
        assertThat(((Command.Sleep) program[2]).unitNanos).isEqualTo(1_000L);
        assertThat(((Command.Sleep) program[3]).unitNanos).isEqualTo(1_000_000_000L);
    }

    @Test
    void errorsNameFileAndLine() {
        assertThatThrownBy(() -> parse("SELECT 1;\n\\frobnicate 3\n")).isInstanceOf(BadInputException.class)
                .hasMessage("s.sql:2: unknown meta-command \"\\frobnicate\"");
        assertThatThrownBy(() -> parse("\n\n\\set x 1 +\n")).hasMessageStartingWith("s.sql:3: syntax error in \\set");
        assertThatThrownBy(() -> parse("SELECT 1;\nSELECT :nosuch;\n"))
                .hasMessage("s.sql:2: undefined variable \"nosuch\"");
        assertThatThrownBy(() -> parse("\\set y :nope * 2\n")).hasMessage("s.sql:1: undefined variable \"nope\"");
        assertThatThrownBy(() -> parse("\\if true\nSELECT 1;\n")).hasMessage("s.sql:1: \\if without a matching \\endif");
        assertThatThrownBy(() -> parse("\\else\n")).hasMessage("s.sql:1: \\else without a matching \\if");
        assertThatThrownBy(() -> parse("\\gset\n")).hasMessage("s.sql:1: \\gset must follow an SQL command");
        assertThatThrownBy(() -> parse("\\sleep 3 hours\n")).hasMessageContaining("must be us, ms or s");
        assertThatThrownBy(() -> parse("\\shell ls\n")).hasMessageStartingWith("s.sql:1: \\shell is refused");
    }

    @Test
    void builtinsParse() {
        for (String name : Builtins.SCRIPTS.keySet()) {
            assertThat(Scripts.parse(List.of(new ScriptSource(name, name, Builtins.SCRIPTS.get(name), 1)))
                    .scripts[0].program()).isNotEmpty();
        }
    }
}
