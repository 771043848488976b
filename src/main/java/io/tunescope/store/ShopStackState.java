package io.tunescope.store;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;

/**
 * The stack.json of {@code shop start}: the supervising process (stopping it stops the stack), where the store
 * answers (the proxy when there is one), and the processes of its tiers (to check that none is left after
 * {@code shop stop}): the first application node, the database's, every application node's, and the proxy's
 * master (0 without a proxy); with work lines, where each line answers (the first is {@code baseUrl}) and every
 * line's proxy master. {@code processes} records each of those pids with its start time and command line when the
 * stack began to serve, the supervisor first, so that {@code shop stop} signals a pid only while it is still the
 * stack's; a stack.json of an older version has none (null), and its pids cannot be verified.
 */
public record ShopStackState(long supervisorPid, String baseUrl, String database, long appPid, List<Long> dbPids,
                             List<Long> appPids, long proxyPid, List<String> baseUrls, List<Long> proxyPids,
                             List<RecordedProcess> processes) {
    /** Every pid this state names, the supervisor first, without duplicates. */
    public List<Long> pids() {
        LinkedHashSet<Long> pids = new LinkedHashSet<>();
        pids.add(supervisorPid);
        if (dbPids != null) {
            pids.addAll(dbPids);
        }
        pids.add(appPid);
        if (appPids != null) {
            pids.addAll(appPids);
        }
        if (proxyPid > 0) {
            pids.add(proxyPid);
        }
        if (proxyPids != null) {
            pids.addAll(proxyPids);
        }
        pids.remove(0L);
        return List.copyOf(pids);
    }

    /** This state with each of its pids recorded as the process that runs it now (those gone already left out). */
    public ShopStackState recordingProcesses() {
        List<RecordedProcess> recorded = pids().stream().map(RecordedProcess::of).flatMap(Optional::stream)
                .toList();
        return new ShopStackState(supervisorPid, baseUrl, database, appPid, dbPids, appPids, proxyPid, baseUrls,
                proxyPids, recorded);
    }

    /** The supervisor as recorded; empty in a stack.json without records (an older version's). */
    public Optional<RecordedProcess> supervisor() {
        return processes == null ? Optional.empty()
                : processes.stream().filter(p -> p.pid() == supervisorPid).findFirst();
    }
}
