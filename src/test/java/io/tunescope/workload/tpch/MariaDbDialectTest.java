package io.tunescope.workload.tpch;

import io.tunescope.engine.SqlDialect;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** What the MariaDB dialect changes, checked without a server (the 22 validated queries are MariaDbRunTest's). */
class MariaDbDialectTest {
    @Test
    void q13sDerivedTableWithAColumnListBecomesACommonTableExpressionOnMariaDbOnly() {
        String mariadb = TpchQueries.validationSql(13, SqlDialect.MARIADB);
        assertThat(mariadb).startsWith("WITH c_orders (c_custkey, c_count) AS (\nSELECT\n")
                .contains("FROM c_orders\nGROUP BY").doesNotContain("AS c_orders (");
        assertThat(TpchQueries.validationSql(13, SqlDialect.POSTGRES)).contains("AS c_orders (c_custkey, c_count)");
        for (int q = 1; q <= TpchQueries.COUNT; q++) {
            if (q != 13) {
                assertThat(TpchQueries.validationSql(q, SqlDialect.MARIADB)).as("Q%d", q)
                        .isEqualTo(TpchQueries.validationSql(q, SqlDialect.GENERIC));
            }
        }
    }

    @Test
    void mariaDbLoadsWithLoadDataOnlyWhereTheUrlAllowsLocalInfile() {
        assertThat(LoadMethod.forUrl(SqlDialect.MARIADB, "jdbc:mariadb://127.0.0.1:3306/t?allowLocalInfile=true"))
                .isEqualTo(LoadMethod.LOAD_DATA);
        assertThat(LoadMethod.forUrl(SqlDialect.MARIADB, "jdbc:mariadb://db:3306/t")).isEqualTo(LoadMethod.INSERT);
        assertThat(LoadMethod.forUrl(SqlDialect.POSTGRES, "jdbc:postgresql://h/db")).isEqualTo(LoadMethod.COPY);
    }
}
