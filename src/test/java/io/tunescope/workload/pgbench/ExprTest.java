package io.tunescope.workload.pgbench;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ExprTest {
    private final Variables variables = new Variables();

    private Value eval(String text) throws Exception {
        Expr e = ExprParser.parse(text, variables);
        variables.slot("d");
        variables.slot("t");
        Env env = new Env(variables.size(), new SplittableRandom(42), 7);
        env.vars[variables.slot("scale")].setInt(10);
        env.vars[variables.slot("d")].setDouble(2.5);
        env.vars[variables.slot("default_seed")].setInt(7);
        env.vars[variables.slot("t")].setText("12");
        return e.eval(env);
    }

    private long integer(String text) throws Exception {
        Value v = eval(text);
        assertThat(v.type).as(text).isEqualTo(Value.Type.INT);
        return v.intValue;
    }

    private double real(String text) throws Exception {
        Value v = eval(text);
        assertThat(v.type).as(text).isEqualTo(Value.Type.DOUBLE);
        return v.doubleValue;
    }

    private boolean bool(String text) throws Exception {
        Value v = eval(text);
        assertThat(v.type).as(text).isEqualTo(Value.Type.BOOL);
        return v.boolValue;
    }

    @Test
    void precedenceAndAssociativity() throws Exception {
        assertThat(integer("1 + 2 * 3")).isEqualTo(7);
        assertThat(integer("(1 + 2) * 3")).isEqualTo(9);
        assertThat(integer("10 - 3 - 2")).isEqualTo(5);
        assertThat(integer("100 / 10 / 5")).isEqualTo(2);
        assertThat(integer("-2 * -3")).isEqualTo(6);
        assertThat(integer("7 % 3 + 1")).isEqualTo(2);
        assertThat(integer("1 + 2 << 2")).isEqualTo(12);
        assertThat(integer("6 & 3 | 8")).isEqualTo(10);
        assertThat(integer("5 # 1")).isEqualTo(4);
        assertThat(integer("~0")).isEqualTo(-1);
        assertThat(integer("(1021 * 7) % (100000 * :scale) + 1")).isEqualTo(7148);
    }

    @Test
    void integerAndDoubleArithmetic() throws Exception {
        assertThat(integer("7 / 2")).isEqualTo(3);
        assertThat(integer("-7 / 2")).isEqualTo(-3);
        assertThat(real("7 / 2.0")).isEqualTo(3.5);
        assertThat(real(":d * 2")).isEqualTo(5.0);
        assertThat(real("1e3 + 0.5")).isEqualTo(1000.5);
        assertThat(integer(":t + 1")).as("text from \\gset reads as a number").isEqualTo(13);
        assertThat(integer("int(5.4 + 3.8)")).isEqualTo(9);
        assertThat(integer("int(2.5)")).as("half to even, as pgbench rounds").isEqualTo(2);
        assertThat(real("double(5) / 2")).isEqualTo(2.5);
        assertThatThrownBy(() -> eval("1 / 0")).hasMessage("division by zero");
        assertThatThrownBy(() -> eval("1 % 0")).hasMessage("division by zero");
        assertThatThrownBy(() -> eval("9223372036854775807 + 1")).hasMessage("bigint out of range");
    }

    @Test
    void comparisonsAndLogic() throws Exception {
        assertThat(bool("1 < 2 and 2 <= 2")).isTrue();
        assertThat(bool("1 = 1.0")).isTrue();
        assertThat(bool("1 <> 1 or 3 != 3")).isFalse();
        assertThat(bool("not 1 > 2")).isTrue();
        assertThat(bool("null is null")).isTrue();
        assertThat(bool("1 notnull")).isTrue();
        assertThat(bool("(1 = 2) is false")).isTrue();
        assertThat(eval("null and true").type).isEqualTo(Value.Type.NULL);
        assertThat(bool("null and false")).isFalse();
        assertThat(bool("null or true")).isTrue();
        assertThat(integer("case when :scale > 5 then 1 else 2 end")).isEqualTo(1);
        assertThat(eval("case when false then 1 end").type).isEqualTo(Value.Type.NULL);
        assertThat(eval("null + 1").type).isEqualTo(Value.Type.NULL);
        assertThatThrownBy(() -> eval("1 + true")).hasMessage("cannot coerce boolean to double");
    }

    @Test
    void functions() throws Exception {
        assertThat(integer("abs(-5)")).isEqualTo(5);
        assertThat(real("abs(-5.5)")).isEqualTo(5.5);
        assertThat(integer("greatest(1, 7, 3)")).isEqualTo(7);
        assertThat(real("greatest(1, 7.5, 3)")).isEqualTo(7.5);
        assertThat(integer("least(4, -2, 3)")).isEqualTo(-2);
        assertThat(real("pi()")).isEqualTo(Math.PI);
        assertThat(real("sqrt(16)")).isEqualTo(4.0);
        assertThat(real("ln(exp(2))")).isCloseTo(2.0, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(real("pow(2, 10)")).isEqualTo(1024.0);
        assertThat(integer("mod(10, 3)")).isEqualTo(1);
        assertThat(integer("hash(10, 5)")).isEqualTo(integer("hash_murmur2(10, 5)"));
        assertThat(integer("hash(10)")).as("the default seed").isEqualTo(integer("hash(10, :default_seed)"));
        assertThat(integer("hash(10, 5)")).isNotEqualTo(integer("hash(11, 5)"));
        assertThat(integer("hash_fnv1a(10, 5)")).isNotEqualTo(integer("hash_murmur2(10, 5)"));
    }

    @Test
    void syntaxErrorsSayWhere() {
        assertThatThrownBy(() -> ExprParser.parse("1 +", variables)).hasMessageContaining("at column 4");
        assertThatThrownBy(() -> ExprParser.parse("nosuch(1)", variables))
                .hasMessageContaining("unknown function or keyword \"nosuch\"");
        assertThatThrownBy(() -> ExprParser.parse("random(1)", variables))
                .hasMessageContaining("wrong number of arguments (1) for random");
        assertThatThrownBy(() -> ExprParser.parse("(1 + 2", variables)).hasMessageContaining("\")\" expected");
        assertThatThrownBy(() -> ExprParser.parse("1 2", variables)).hasMessageContaining("unexpected \"2\"");
    }
}
