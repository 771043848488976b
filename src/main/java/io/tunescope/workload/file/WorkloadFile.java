package io.tunescope.workload.file;

import io.tunescope.workload.mix.LoadPhase;

import java.util.List;

/**
 * A SQL workload file as read: the workload's name (the file's), the set-up statements that run once per tenant
 * when data is loaded, the transactions and the phases of its load shape (empty: the command line's load).
 */
public record WorkloadFile(String name, List<String> setup, List<TransactionSpec> transactions, List<LoadPhase> phases) {
    public WorkloadFile {
        setup = List.copyOf(setup);
        transactions = List.copyOf(transactions);
        phases = List.copyOf(phases);
    }

    public List<String> transactionNames() {
        return transactions.stream().map(TransactionSpec::name).toList();
    }
}
