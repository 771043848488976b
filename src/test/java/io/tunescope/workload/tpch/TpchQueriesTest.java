package io.tunescope.workload.tpch;

import io.tunescope.BadInputException;
import io.tunescope.engine.SqlDialect;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TpchQueriesTest {
    @Test
    void q15ViewBecomesACommonTableExpression() {
        String sql = TpchQueries.validationSql(15, SqlDialect.POSTGRES);
        assertThat(sql).startsWith("WITH revenue AS (").doesNotContain("CREATE").doesNotContain("VIEW")
                .doesNotContain(";").contains("FROM\n  supplier,\n  revenue");
    }

    @Test
    void headerCommentsDateCallsAndDecimalLiteralsAreAdapted() {
        String q20 = TpchQueries.validationSql(20, SqlDialect.DUCKDB);
        assertThat(q20).doesNotContain("--").doesNotContain("date('").contains("DATE '1994-01-01' + interval '1' YEAR");
        String q6 = TpchQueries.validationSql(6, SqlDialect.DUCKDB);
        assertThat(q6).contains("BETWEEN 0.06 - 0.01 AND 0.06 + 0.01").doesNotContainIgnoringCase("decimal '");
    }

    @Test
    void swappedParametersAreNotReplacedTwice() {
        String sql = TpchQueries.sql(7, List.of(new Substitution("'FRANCE'", "'GERMANY'"),
                new Substitution("'GERMANY'", "'FRANCE'")), SqlDialect.DUCKDB);
        assertThat(sql).contains("(n1.n_name = 'GERMANY' AND n2.n_name = 'FRANCE')")
                .contains("(n1.n_name = 'FRANCE' AND n2.n_name = 'GERMANY')");
    }

    @Test
    void randomParametersFollowTheSpecificationRanges() {
        SplittableRandom rng = new SplittableRandom(7);
        for (int i = 0; i < 200; i++) {
            String q1 = TpchQueries.sql(1, TpchQueryParameters.random(1, rng, 1), SqlDialect.DUCKDB);
            int delta = Integer.parseInt(q1.replaceAll("(?s).*INTERVAL '(\\d+)' DAY.*", "$1"));
            assertThat(delta).isBetween(60, 120);
            String q18 = TpchQueries.sql(18, TpchQueryParameters.random(18, rng, 1), SqlDialect.DUCKDB);
            assertThat(Integer.parseInt(q18.replaceAll("(?s).*sum\\(l_quantity\\) > (\\d+).*", "$1"))).isBetween(312, 315);
        }
        String q11 = TpchQueries.sql(11, TpchQueryParameters.random(11, rng, 10), SqlDialect.DUCKDB);
        assertThat(q11).contains("* 0.0000100000");
    }

    @Test
    void sameSeedSameParametersOtherSeedOtherParameters() {
        List<Substitution> a = TpchQueryParameters.random(2, new SplittableRandom(1), 1);
        List<Substitution> b = TpchQueryParameters.random(2, new SplittableRandom(1), 1);
        assertThat(a).isEqualTo(b);
        boolean anyDifferent = false;
        for (long seed = 2; seed < 12; seed++) {
            anyDifferent |= !TpchQueryParameters.random(2, new SplittableRandom(seed), 1).equals(a);
        }
        assertThat(anyDifferent).isTrue();
    }

    @Property(tries = 50)
    void everyQueryTakesDrawnParameters(@ForAll @IntRange(min = 1, max = 22) int query, @ForAll long seed) {
        String sql = TpchQueries.sql(query, TpchQueryParameters.random(query, new SplittableRandom(seed), 0.1),
                SqlDialect.POSTGRES);
        assertThat(sql).doesNotContain("\u0000").doesNotContain("--").doesNotEndWith(";");
    }

    @Test
    void queryNamesAreCheckedAsBadInput() {
        assertThat(TpchQueries.parseQueryNumber("q7")).isEqualTo(7);
        assertThat(TpchQueries.parseQueryNumber("Q22")).isEqualTo(22);
        assertThatThrownBy(() -> TpchQueries.parseQueryNumber("Q23")).isInstanceOf(BadInputException.class)
                .hasMessage("query (Q23) must be Q1 to Q22");
    }
}
