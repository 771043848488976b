package io.tunescope.workload.file;

import io.tunescope.BadInputException;
import io.tunescope.workload.pgbench.ScriptSource;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WorkloadFileParserTest {
    private static final String CSV = "name,city\nAda,London\n\"Hopper, Grace\",\"New \"\"York\"\"\"\n";

    private static WorkloadFile parse(String yaml) {
        return WorkloadFileParser.parse("w.yaml", yaml, f -> {
            if (!f.equals("c.csv")) {
                throw BadInputException.of("csv file", f, "does not exist or is not a file");
            }
            return CSV;
        }).file();
    }

    private static String error(String yaml) {
        try {
            parse(yaml);
        } catch (BadInputException e) {
            return e.getMessage();
        }
        throw new AssertionError("no bad input for " + yaml);
    }

    @Test
    void readsTransactionsParametersAndPhases() {
        WorkloadFile file = parse("""
                setup:
                  - CREATE TABLE t (k BIGINT)
                transactions:
                  read:
                    weight: 3
                    thinkTime: 5ms
                    sql:
                      - SELECT * FROM t WHERE k = :k AND k::text <> ':not'
                      - SELECT :k, :who
                    parameters:
                      k: {zipfian: {min: 1, max: 100, s: 1.5}}
                      who: {csv: {file: c.csv, column: city}}
                  write:
                    sql: INSERT INTO t VALUES (:id)
                    parameters:
                      id: {sequence: {start: 10, step: 2}}
                phases:
                  - {duration: 2s, users: 2}
                  - {duration: 1s, rate: 50, weights: {write: 9}}
                """);
        assertThat(file.name()).isEqualTo("w");
        assertThat(file.setup()).containsExactly("CREATE TABLE t (k BIGINT)");
        assertThat(file.transactionNames()).containsExactly("read", "write");
        TransactionSpec read = file.transactions().get(0);
        assertThat(read.weight()).isEqualTo(3.0);
        assertThat(read.thinkTime()).hasMillis(5);
        assertThat(read.statements().get(0).sql()).isEqualTo("SELECT * FROM t WHERE k = ? AND k::text <> ':not'");
        assertThat(read.statements().get(1).variables()).containsExactly("k", "who");
        assertThat(read.parameters()).containsEntry("k", new ParameterSpec.Zipfian(1, 100, 1.5))
                .containsEntry("who", new ParameterSpec.CsvColumn("c.csv", 1));
        assertThat(file.transactions().get(1).weight()).isEqualTo(1.0);
        assertThat(file.transactions().get(1).parameters()).containsEntry("id", new ParameterSpec.Sequence(10, 2));
        assertThat(file.phases()).containsExactly(new io.tunescope.workload.mix.LoadPhase(java.time.Duration.ofSeconds(2), 2, 0, Map.of(), false),
                new io.tunescope.workload.mix.LoadPhase(java.time.Duration.ofSeconds(1), 0, 50, Map.of("write", 9.0), false));
    }

    @Test
    void badInputNamesTheLineThePathAndTheRule() {
        assertThat(error("transactions:\n  a:\n    weight: 0\n    sql: SELECT 1\n"))
                .isEqualTo("w.yaml:3: transactions.a.weight (0.0) must be a number above 0");
        assertThat(error("transactions:\n  a:\n    sql: SELECT :x\n"))
                .startsWith("w.yaml:3: transactions.a.sql (:x) is not a parameter of transaction a");
        assertThat(error("transactions:\n  a:\n    sql: SELECT 1\n    parameters:\n      x: {uniform: {min: 1, max: 2}}\n"))
                .startsWith("w.yaml:5: transactions.a.parameters.x (x) is never used");
        assertThat(error("transactions:\n  a:\n    sql: SELECT :x\n    parameters:\n      x: {uniform: {min: 5, max: 2}}\n"))
                .startsWith("w.yaml:5: transactions.a.parameters.x.uniform.max (2) must be at least min (5)");
        assertThat(error("transactions:\n  a:\n    sql: SELECT :x\n    parameters:\n      x: {poisson: {min: 1}}\n"))
                .contains("(poisson) is not a generator");
        assertThat(error("transactions:\n  a:\n    sql: SELECT :x\n    parameters:\n      x: {csv: {file: c.csv, column: zip}}\n"))
                .contains("transactions.a.parameters.x.csv.column (zip) is not a column of c.csv");
        assertThat(error("transactions:\n  a:\n    sql: SELECT :x\n    parameters:\n      x: {csv: {file: d.csv, column: zip}}\n"))
                .startsWith("w.yaml:5: csv file (d.csv) does not exist");
        assertThat(error("transactions:\n  a:\n    sql: SELECT 1; SELECT 2\n"))
                .contains("must hold exactly one SQL statement");
        assertThat(error("transactions:\n  a:\n    sql: SELECT 1\n    wieght: 2\n"))
                .startsWith("w.yaml:4: transactions.a.wieght (wieght) is not a known key");
        assertThat(error("transactions: {}\n")).contains("must name at least one transaction");
        assertThat(error("transactions:\n  a: {sql: SELECT 1}\nphases: []\n"))
                .isEqualTo("w.yaml:3: phases ([]) must list at least one phase (or leave phases out)");
        assertThat(error("transactions:\n  a: {sql: SELECT 1}\nphases:\n  - {duration: 1s, rate: 0}\n"))
                .isEqualTo("w.yaml:4: phases[0].rate (0.0) must be a number above 0");
        assertThat(error("transactions:\n  a: {sql: SELECT 1}\nphases:\n  - {duration: 1s, users: 2, rate: 3}\n"))
                .contains("cannot be given beside users");
        assertThat(error("transactions:\n  a: {sql: SELECT 1}\nphases:\n  - {duration: 1s, users: 2, weights: {b: 1}}\n"))
                .contains("phases[0].weights.b (b) is not a transaction of this file");
        assertThat(error("transactions:\n  a: {sql: SELECT 1}\nphases:\n  - {duration: 1s, users: 2, weights: {a: -1}}\n"))
                .contains("phases[0].weights.a (-1.0) must be a number above 0");
    }

    @Test
    void csvFieldsMayBeQuoted() {
        CsvTable table = CsvTable.parse("c.csv", CSV);
        assertThat(table.columns()).containsExactly("name", "city");
        assertThat(table.rows()).hasSize(2);
        assertThat(table.rows().get(1)).containsExactly("Hopper, Grace", "New \"York\"");
        assertThatThrownBy(() -> CsvTable.parse("c.csv", "a,b\n1\n")).hasMessage(
                "c.csv:2: has 1 fields, the header 2; every row needs one field per column");
    }

    @Test
    void theExamplesReadWithTheirCsvFilesAndTravelAsTexts() {
        for (String example : List.of("key-value.yaml", "orders.yaml")) {
            List<ScriptSource> sources = WorkloadFiles.sources("examples/workloads/" + example, Path.of(""));
            WorkloadFileParser.Parsed parsed = WorkloadFiles.parse(sources);
            assertThat(parsed.file().transactions()).isNotEmpty();
        }
        List<ScriptSource> orders = WorkloadFiles.sources("examples/workloads/orders.yaml", Path.of(""));
        assertThat(orders).extracting(ScriptSource::name).containsExactly("orders", "customers.csv");
        assertThat(WorkloadFiles.parse(orders).tables().get("customers.csv").rows()).hasSize(8);
    }
}
