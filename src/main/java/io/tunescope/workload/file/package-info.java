/**
 * SQL workload files (docs/workloads.md, "Workload files"): named transactions of SQL statements with weights,
 * parameter generators, think times, an optional set-up and phases, read from YAML by {@code config.YamlSection} and
 * run through {@link io.tunescope.workload.mix.TransactionWorkload}.
 */
package io.tunescope.workload.file;
