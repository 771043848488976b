package io.tunescope.workload.tpch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The files of a prepared data directory's {@code base/} (every database's tables and indexes) and their bytes: listed
 * in the manifest when the directory is built, and compared with the cache and with every tenant's copy (a stat per
 * file: milliseconds), so a truncated, missing or extra file is found before a server starts on it.
 */
public final class ClusterFiles {
    private static final String BASE = "base";

    private ClusterFiles() {
    }

    /** Every regular file under {@code dataDir/base}, by path relative to {@code dataDir}, with its bytes. */
    public static Map<String, Long> list(Path dataDir) throws IOException {
        Map<String, Long> files = new TreeMap<>();
        Path base = dataDir.resolve(BASE);
        if (!Files.isDirectory(base)) {
            return files;
        }
        try (Stream<Path> walk = Files.walk(base)) {
            for (Path file : walk.filter(Files::isRegularFile).toList()) {
                files.put(dataDir.relativize(file).toString(), Files.size(file));
            }
        }
        return files;
    }

    /** Throws, naming {@code where} and the first file that differs, unless the files are exactly {@code expected}. */
    public static void check(Path dataDir, Map<String, Long> expected, String where) throws IOException {
        if (expected.isEmpty()) {
            throw new IOException(where + ": the manifest lists no files");
        }
        Map<String, Long> found = list(dataDir);
        for (Map.Entry<String, Long> file : expected.entrySet()) {
            Long bytes = found.get(file.getKey());
            if (!file.getValue().equals(bytes)) {
                throw new IOException(where + ": " + file.getKey() + " holds " + (bytes == null ? "no file"
                        : bytes + " bytes") + " where the manifest says " + file.getValue() + " bytes");
            }
        }
        if (found.size() != expected.size()) {
            found.keySet().removeAll(expected.keySet());
            throw new IOException(where + ": files the manifest does not list: " + found.keySet());
        }
    }
}
