package io.tunescope.engine;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.List;

/**
 * What a private server's start needs around it: who runs it (the unprivileged {@code nobody} when we are root, as
 * servers refuse root), whether that user can reach a directory, a free loopback port, and a random password.
 */
public final class ServerHomes {
    public static final String UNPRIVILEGED_USER = "nobody";
    private static final int DELETE_ATTEMPTS = 3;

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

    /**
     * Deletes {@code dir} and everything under it. A file that vanishes meanwhile is what was wanted; a directory that
     * gains a file meanwhile (a server still writing) is walked again, a few times at most.
     */
    public static void deleteRecursively(Path dir) throws IOException {
        for (int attempt = 1; ; attempt++) {
            try {
                deleteTree(dir);
                return;
            } catch (DirectoryNotEmptyException e) {
                if (attempt == DELETE_ATTEMPTS) {
                    throw e;
                }
            }
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Files.walkFileTree(dir, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.deleteIfExists(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                if (e instanceof NoSuchFileException) {
                    return FileVisitResult.CONTINUE;
                }
                throw e;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path directory, IOException e) throws IOException {
                if (e != null && !(e instanceof NoSuchFileException)) {
                    throw e;
                }
                Files.deleteIfExists(directory);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
