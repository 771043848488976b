package io.tunescope.tune.command;

import io.tunescope.config.JdbcUrls;
import io.tunescope.config.LocatedYaml;

import java.time.Duration;
import java.util.Map;

/**
 * The keys of a {@code cluster:} section that say how the partitioning mode runs its line tuners:
 * {@code partitioning: in-process | processes}, and with processes {@code study: postgres | jdbc:postgresql://...}
 * (default postgres: a private instance) and {@code roundTimeoutSeconds} (default 300).
 */
final class ClusterPartitioningKeys {
    static final long DEFAULT_ROUND_TIMEOUT_SECONDS = 300;

    private ClusterPartitioningKeys() {
    }

    static ClusterFile.Partitioning read(LocatedYaml yaml, Map<String, Object> c) {
        Object raw = c.getOrDefault("partitioning", "in-process");
        if (!"in-process".equals(raw) && !"processes".equals(raw)) {
            throw yaml.error("cluster.partitioning", raw, "must be in-process or processes");
        }
        boolean processes = raw.equals("processes");
        for (String key : new String[] {"study", "roundTimeoutSeconds"}) {
            if (!processes && c.containsKey(key)) {
                throw yaml.error("cluster." + key, c.get(key), "is only for partitioning: processes");
            }
        }
        if (!processes) {
            return ClusterFile.Partitioning.IN_PROCESS;
        }
        Object study = c.getOrDefault("study", "postgres");
        if (!(study instanceof String s) || !(s.equals("postgres") || s.startsWith("jdbc:postgresql://"))) {
            throw yaml.error("cluster.study", study instanceof String s2 ? JdbcUrls.redact(s2) : study,
                    "must be postgres (a private instance) or a PostgreSQL JDBC URL jdbc:postgresql://HOST:PORT/DB");
        }
        if (!JdbcUrls.redact(s).equals(s)) {
            throw yaml.error("cluster.study", JdbcUrls.redact(s), "must not hold a password (the password comes from "
                    + "$TUNESCOPE_STUDY_PASSWORD only)");
        }
        Object t = c.getOrDefault("roundTimeoutSeconds", DEFAULT_ROUND_TIMEOUT_SECONDS);
        if (!(t instanceof Number n) || n.doubleValue() != Math.rint(n.doubleValue()) || n.longValue() < 1
                || n.longValue() > 86_400) {
            throw yaml.error("cluster.roundTimeoutSeconds", t, "must be an integer between 1 and 86400");
        }
        return new ClusterFile.Partitioning(true, s, Duration.ofSeconds(n.longValue()));
    }
}
