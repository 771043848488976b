package io.tunescope.workload.tpch;

import io.tunescope.Notices;
import io.tunescope.store.DataCache;
import io.tunescope.store.Json;
import io.tunescope.store.PreparedManifest;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
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

    /**
     * Writes the manifest of the data directory {@code dir} built since {@code startNanos} (its tables' rows and its
     * files as they are now) beside it in the cache, atomically, and returns it.
     */
    public static PreparedManifest writeManifest(DataCache cache, Path dir, String key, String engine, double size,
                                                 Map<String, Long> rows, long startNanos) throws IOException {
        PreparedManifest manifest = new PreparedManifest(key, engine, size, rows,
                (System.nanoTime() - startNanos) / 1_000_000, Instant.now().toString(), list(dir));
        Json.writeAtomically(cache.manifest(dir), manifest);
        return manifest;
    }

    /**
     * The manifest in {@code manifestFile} when it has {@code key}, exactly {@code tables} and exactly the files of
     * {@code dir} it lists; else null, saying why (the data named by {@code what}, e.g. "TPC-H") when it is unusable.
     */
    public static PreparedManifest validManifest(Path dir, Path manifestFile, String key, Set<String> tables,
                                                 String what) {
        if (!Files.isDirectory(dir) || !Files.isRegularFile(manifestFile)) {
            return null;
        }
        try {
            PreparedManifest manifest = Json.read(manifestFile, PreparedManifest.class);
            if (!key.equals(manifest.key())) {
                return null;
            }
            if (!manifest.rowsByTable().keySet().equals(tables)) {
                throw new IOException("its manifest lists tables " + manifest.rowsByTable().keySet());
            }
            check(dir, manifest.bytesByFile(), "the prepared data directory");
            return manifest;
        } catch (IOException | RuntimeException e) {
            Notices.say("tunescope: prepared " + what + " data directory " + dir + " is not usable ("
                    + e.getMessage() + "): building it again");
            return null;
        }
    }

    /**
     * Copies the prepared {@code source} to {@code target} holding the cache's {@code lockFile} (and
     * {@code monitor}, the lock's holder in this JVM, which a file lock cannot exclude), after {@code stillValid}
     * said the source is the one the run measured; then checks the copy's files against {@code manifest}.
     */
    public static void copyLocked(Object monitor, Path lockFile, Path source, Path target, BooleanSupplier stillValid,
                                  PreparedManifest manifest) throws IOException, InterruptedException {
        synchronized (monitor) {
            try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE); FileLock lock = channel.lock()) {
                assert lock.isValid();
                if (!stillValid.getAsBoolean()) {
                    throw new IOException("the prepared data directory " + source + " changed while this run used "
                            + "it; run again to rebuild it");
                }
                PreparedCluster.copyTree(source, target);
            }
        }
        check(target, manifest.bytesByFile(), "the copy in " + target);
    }
}
