package io.tunescope.store;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A tenant's connections file ({@link TenantDir#connections()}): one line per user, {@code user,serverPid}, the
 * process serving that user's one connection for the whole run (a PostgreSQL backend's {@code pg_backend_pid()}, or
 * the kernel task of the thread a private MariaDB runs for the connection).
 * Lets the monitor charge each execution its own connection's threads. Runs written before this file existed, and
 * engines without a process per connection, have none: their executions are attributed by equal share.
 */
public final class ConnectionsCsv {
    static final String HEADER = "user,serverPid";

    private ConnectionsCsv() {
    }

    /** Writes {@code serverPidsByUser} (user 1 first) to {@code path}. */
    public static void write(Path path, List<Long> serverPidsByUser) throws IOException {
        StringBuilder out = new StringBuilder(HEADER).append('\n');
        for (int i = 0; i < serverPidsByUser.size(); i++) {
            out.append(i + 1).append(',').append(serverPidsByUser.get(i)).append('\n');
        }
        Files.createDirectories(path.toAbsolutePath().getParent());
        Files.writeString(path, out, StandardCharsets.UTF_8);
    }

    /**
     * The server pid of each user; empty when the file does not exist.
     *
     * @throws IOException when it exists but cannot be read, or a line is not two positive whole numbers
     */
    public static Map<Integer, Integer> read(Path path) throws IOException {
        List<String> lines;
        try {
            lines = Files.readAllLines(path, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return Map.of();
        }
        Map<Integer, Integer> out = new TreeMap<>();
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i).trim();
            if (line.isEmpty()) {
                continue;
            }
            String[] cells = line.split(",");
            try {
                int user = Integer.parseInt(cells[0].trim());
                int pid = Integer.parseInt(cells[1].trim());
                if (cells.length != 2 || user < 1 || pid < 1) {
                    throw new NumberFormatException();
                }
                out.put(user, pid);
            } catch (RuntimeException e) {
                throw new IOException(path + " line " + (i + 1) + " (" + line + ") must be user,serverPid: two "
                        + "positive whole numbers");
            }
        }
        return out;
    }
}
