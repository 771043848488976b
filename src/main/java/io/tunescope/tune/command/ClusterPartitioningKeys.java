package io.tunescope.tune.command;

import io.tunescope.config.JdbcUrls;
import io.tunescope.config.YamlSection;

import java.time.Duration;

/**
 * The keys of a {@code cluster:} section that say how the partitioning mode runs its line tuners:
 * {@code partitioning: in-process | processes}, and with processes {@code study: postgres | jdbc:postgresql://...}
 * (default postgres: a private instance) and {@code roundTimeoutSeconds} (default 300).
 */
final class ClusterPartitioningKeys {
    static final long DEFAULT_ROUND_TIMEOUT_SECONDS = 300;

    private ClusterPartitioningKeys() {
    }

    static ClusterFile.Partitioning read(YamlSection c) {
        if (c.oneOf("partitioning", "in-process", "in-process", "processes").equals("in-process")) {
            c.refuse("study", "is only for partitioning: processes");
            c.refuse("roundTimeoutSeconds", "is only for partitioning: processes");
            return ClusterFile.Partitioning.IN_PROCESS;
        }
        String study = c.text("study", "postgres");
        if (!(study.equals("postgres") || study.startsWith("jdbc:postgresql://"))) {
            throw c.error("study", JdbcUrls.redact(study), "must be postgres (a private instance) or a PostgreSQL "
                    + "JDBC URL jdbc:postgresql://HOST:PORT/DB");
        }
        if (!JdbcUrls.redact(study).equals(study)) {
            throw c.error("study", JdbcUrls.redact(study), "must not hold a password (the password comes from "
                    + "$TUNESCOPE_STUDY_PASSWORD only)");
        }
        long seconds = c.longInteger("roundTimeoutSeconds", DEFAULT_ROUND_TIMEOUT_SECONDS, 1, 86_400);
        return new ClusterFile.Partitioning(true, study, Duration.ofSeconds(seconds));
    }
}
