package io.tunescope.store;

import java.util.List;

/**
 * The stack.json of {@code shop start}: the supervising process (stopping it stops the stack), where the store
 * answers, and the processes of its tiers (to check that none is left after {@code shop stop}).
 */
public record ShopStackState(long supervisorPid, String baseUrl, String database, long appPid, List<Long> dbPids) {
}
