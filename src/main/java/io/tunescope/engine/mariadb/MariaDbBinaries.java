package io.tunescope.engine.mariadb;

import io.tunescope.BadInputException;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Finds MariaDB's server ({@code mariadbd}) and {@code mariadb-install-db} on this machine. */
public record MariaDbBinaries(Path server, Path installDb) {
    /** Debian puts the server in /usr/sbin, which a non-root PATH may lack; these follow the PATH. */
    private static final List<String> DEBIAN_DIRS = List.of("/usr/sbin", "/usr/bin", "/usr/local/sbin",
            "/usr/local/bin");

    /** The binaries, or bad input naming where it looked. */
    public static MariaDbBinaries locate() {
        return find().orElseThrow(() -> new BadInputException("MariaDB binaries not found: looked on the PATH and in "
                + DEBIAN_DIRS + " for mariadbd and mariadb-install-db; install MariaDB (e.g. apt-get install "
                + "mariadb-server)"));
    }

    public static Optional<MariaDbBinaries> find() {
        List<Path> dirs = new ArrayList<>();
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(File.pathSeparator)) {
                if (!dir.isEmpty()) {
                    dirs.add(Path.of(dir));
                }
            }
        }
        DEBIAN_DIRS.forEach(d -> dirs.add(Path.of(d)));
        Optional<Path> server = first(dirs, "mariadbd");
        Optional<Path> installDb = first(dirs, "mariadb-install-db");
        return server.isPresent() && installDb.isPresent()
                ? Optional.of(new MariaDbBinaries(server.get(), installDb.get())) : Optional.empty();
    }

    private static Optional<Path> first(List<Path> dirs, String name) {
        return dirs.stream().map(d -> d.resolve(name)).filter(Files::isExecutable).findFirst();
    }
}
