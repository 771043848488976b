package io.tunescope.engine.postgres;

import io.tunescope.BadInputException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;

/** Finds the PostgreSQL server binaries (initdb, pg_ctl, postgres) on this machine. */
public record PostgresBinaries(Path binDir) {
    private static final Path DEBIAN_ROOT = Path.of("/usr/lib/postgresql");

    public Path initdb() {
        return binDir.resolve("initdb");
    }

    public Path pgCtl() {
        return binDir.resolve("pg_ctl");
    }

    /** The server itself (single-user mode sets a copied cluster's password before it listens). */
    public Path postgres() {
        return binDir.resolve("postgres");
    }

    public Path pgControldata() {
        return binDir.resolve("pg_controldata");
    }

    /**
     * Uses {@code explicitDir} when given; otherwise the newest {@code /usr/lib/postgresql/N/bin}, then the PATH.
     * Throws bad input naming where it looked when none has initdb and pg_ctl.
     */
    public static PostgresBinaries locate(Path explicitDir) {
        if (explicitDir != null) {
            if (!isComplete(explicitDir)) {
                throw BadInputException.of("pg-bin", explicitDir, "must be a directory holding initdb and pg_ctl");
            }
            return new PostgresBinaries(explicitDir);
        }
        return find().orElseThrow(() -> new BadInputException(
                "PostgreSQL binaries not found: looked in /usr/lib/postgresql/*/bin and on the PATH for initdb and "
                        + "pg_ctl; install PostgreSQL (e.g. apt-get install postgresql) or pass --pg-bin DIR"));
    }

    public static Optional<PostgresBinaries> find() {
        if (Files.isDirectory(DEBIAN_ROOT)) {
            try (Stream<Path> versions = Files.list(DEBIAN_ROOT)) {
                Optional<Path> newest = versions.map(v -> v.resolve("bin")).filter(PostgresBinaries::isComplete)
                        .max(Comparator.comparing(PostgresBinaries::majorVersion));
                if (newest.isPresent()) {
                    return newest.map(PostgresBinaries::new);
                }
            } catch (IOException e) {
                // fall through to the PATH
            }
        }
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(java.io.File.pathSeparator)) {
                if (!dir.isEmpty() && isComplete(Path.of(dir))) {
                    return Optional.of(new PostgresBinaries(Path.of(dir)));
                }
            }
        }
        return Optional.empty();
    }

    private static int majorVersion(Path binDir) {
        try {
            return Integer.parseInt(binDir.getParent().getFileName().toString());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static boolean isComplete(Path dir) {
        return Files.isExecutable(dir.resolve("initdb")) && Files.isExecutable(dir.resolve("pg_ctl"));
    }
}
