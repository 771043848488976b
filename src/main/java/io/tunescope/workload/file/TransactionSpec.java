package io.tunescope.workload.file;

import io.tunescope.workload.pgbench.SqlText;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * One named transaction of a workload file: its statements (each {@code :name} already a bound parameter), run in
 * one database transaction; the generator of each parameter; its weight in the mix; the think time a user spends
 * after it, which is not part of its response time.
 */
public record TransactionSpec(String name, double weight, List<SqlText.Statement> statements,
                              Map<String, ParameterSpec> parameters, Duration thinkTime) {
    public TransactionSpec {
        statements = List.copyOf(statements);
        parameters = Map.copyOf(parameters);
    }
}
