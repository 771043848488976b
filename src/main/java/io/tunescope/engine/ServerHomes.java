package io.tunescope.engine;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;

/**
 * What a private server's start needs around it: who runs it (the unprivileged {@code nobody} when we are root, as
 * servers refuse root), whether that user can reach a directory, a free loopback port, and a random password.
 */
public final class ServerHomes {
    public static final String UNPRIVILEGED_USER = "nobody";

    private ServerHomes() {
    }

    public static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    /** Whether the unprivileged user can enter {@code dir} (or the nearest existing directory above it). */
    public static boolean reachableByUnprivilegedUser(Path dir) throws IOException, InterruptedException {
        Path existing = dir.toAbsolutePath();
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        return existing != null && CommandRunner.run(List.of("runuser", "-u", UNPRIVILEGED_USER, "--", "test", "-x",
                existing.toString()), Duration.ofSeconds(10)).ok();
    }

    public static void chownToUnprivileged(Path dir) throws IOException, InterruptedException {
        CommandRunner.Outcome chown = CommandRunner.run(List.of("chown", "-R", UNPRIVILEGED_USER, dir.toString()),
                Duration.ofSeconds(30));
        if (!chown.ok()) {
            throw new IOException("cannot hand " + dir + " to user " + UNPRIVILEGED_USER + ": " + chown.tail());
        }
    }

    /** A port free on 127.0.0.1 just now (another process may take it before the server binds: retry then). */
    public static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    /** 24 random bytes as URL-safe base64: letters, digits, {@code -} and {@code _}, safe inside SQL quotes. */
    public static String newPassword() {
        byte[] bytes = new byte[24];
        new SecureRandom().nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    public static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var paths = Files.walk(dir)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
