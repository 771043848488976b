package io.tunescope.engine.mariadb;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** A private instance's {@code my.cnf}, and the reason a server gave in its error log for not starting. */
final class MariaDbConfig {
    private MariaDbConfig() {
    }

    /**
     * tunescope's lines (data directory, socket, log, loopback address and port, the server's user when we are
     * root), then {@code settings}: MariaDB takes the last value of an option given twice, so the settings win.
     */
    static List<String> lines(Path dataDir, Path log, int port, String user, List<String> settings) {
        List<String> lines = new ArrayList<>(List.of(
                "# written by tunescope: a private benchmark instance, reachable from this machine only",
                "[mariadbd]",
                "datadir = " + quoted(dataDir),
                "socket = " + quoted(dataDir.resolve("mariadb.sock")),
                "pid-file = " + quoted(dataDir.resolve("mariadbd.pid")),
                "log-error = " + quoted(log),
                "bind-address = 127.0.0.1",
                "port = " + port,
                "skip-name-resolve"));
        if (user != null) {
            lines.add("user = " + user);
        }
        if (!settings.isEmpty()) {
            lines.add("# settings of this run");
            lines.addAll(settings);
        }
        return lines;
    }

    private static String quoted(Path path) {
        String text = path.toAbsolutePath().toString();
        if (text.contains("\"") || text.contains("\\") || text.contains("\n")) {
            throw new IllegalArgumentException("path unusable in my.cnf: " + text);
        }
        return "\"" + text + "\"";
    }

    /**
     * Why the server stopped or refused to start, in its own words: the {@code [ERROR]} lines the log gained after
     * {@code offset}, without their time stamps, joined on one line.
     */
    static Optional<String> serverReason(Path log, long offset) {
        if (!Files.exists(log)) {
            return Optional.empty();
        }
        try (InputStream in = Files.newInputStream(log)) {
            in.skipNBytes(Math.min(offset, Files.size(log)));
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            List<String> reasons = text.lines().filter(l -> l.contains("[ERROR]"))
                    .map(l -> l.replaceFirst("^.*?\\[ERROR\\]\\s*", "").strip())
                    .filter(l -> !l.isEmpty()).distinct().limit(3).toList();
            return reasons.isEmpty() ? Optional.empty() : Optional.of(String.join(" | ", reasons));
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
