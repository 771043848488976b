package io.tunescope.store;

import java.util.List;

/**
 * The stack.json of {@code shop start}: the supervising process (stopping it stops the stack), where the store
 * answers (the proxy when there is one), and the processes of its tiers (to check that none is left after
 * {@code shop stop}): the first application node, the database's, every application node's, and the proxy's
 * master (0 without a proxy); with work lines, where each line answers (the first is {@code baseUrl}) and every
 * line's proxy master.
 */
public record ShopStackState(long supervisorPid, String baseUrl, String database, long appPid, List<Long> dbPids,
                             List<Long> appPids, long proxyPid, List<String> baseUrls, List<Long> proxyPids) {
}
