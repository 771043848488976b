package io.tunescope.cli;

import picocli.CommandLine.Option;

import java.nio.file.Path;

/**
 * {@code --pg-bin}: where the PostgreSQL server's programs are, for every command that starts a private PostgreSQL
 * (a run's tenants, the shop's database tier); {@code engine.postgres.PostgresBinaries} looks there, or searches.
 */
public final class PgBinOption {
    @Option(names = "--pg-bin", paramLabel = "DIR", description = "PostgreSQL's bin directory (initdb, pg_ctl, "
            + "postgres) for a private PostgreSQL (default: the newest /usr/lib/postgresql/*/bin, then the PATH).")
    Path pgBin;

    /** The directory given, or null to search. */
    Path dirOrNull() {
        return pgBin;
    }
}
