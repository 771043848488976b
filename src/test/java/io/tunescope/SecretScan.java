package io.tunescope;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Looks for a secret, byte for byte, where it must never be: files under a directory, the process list. */
public final class SecretScan {
    private SecretScan() {
    }

    /** Every regular file under {@code root} whose bytes contain {@code secret} (UTF-8). */
    public static List<Path> filesContaining(Path root, String secret) throws IOException {
        byte[] needle = secret.getBytes(StandardCharsets.UTF_8);
        if (needle.length == 0) {
            throw new IllegalArgumentException("an empty secret is found everywhere");
        }
        List<Path> found = new ArrayList<>();
        if (!Files.exists(root)) {
            return found;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.filter(Files::isRegularFile).toList()) {
                if (contains(readOrEmpty(p), needle)) {
                    found.add(p);
                }
            }
        }
        return found;
    }

    /** The command line (/proc/PID/cmdline, NULs as spaces) of every process that shows the secret. */
    public static List<String> commandLinesContaining(String secret) throws IOException {
        byte[] needle = secret.getBytes(StandardCharsets.UTF_8);
        List<String> found = new ArrayList<>();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path proc : procs.filter(p -> p.getFileName().toString().matches("\\d+")).toList()) {
                byte[] cmdline = readOrEmpty(proc.resolve("cmdline"));
                if (contains(cmdline, needle)) {
                    found.add(new String(cmdline, StandardCharsets.UTF_8).replace('\0', ' '));
                }
            }
        }
        return found;
    }

    private static byte[] readOrEmpty(Path p) {
        try {
            return Files.readAllBytes(p);
        } catch (IOException | UncheckedIOException e) {
            return new byte[0];   // gone (a process that ended) or unreadable
        }
    }

    static boolean contains(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i <= haystack.length - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}
