package io.tunescope.monitor;

import io.tunescope.monitor.role.ThreadRole;

/** A thread group of one tenant: the unit of tables and metric series. */
public record GroupKey(String tenant, ThreadRole role, String group) implements Comparable<GroupKey> {
    @Override
    public int compareTo(GroupKey o) {
        int c = tenant.compareTo(o.tenant);
        if (c == 0) {
            c = role.compareTo(o.role);
        }
        return c != 0 ? c : group.compareTo(o.group);
    }
}
