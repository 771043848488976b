package io.tunescope.tune.cluster.lines;

import io.tunescope.BadInputException;
import io.tunescope.store.Json;
import io.tunescope.store.JsonFiles;
import io.tunescope.store.study.PostgresStudy;

import java.io.IOException;
import java.nio.file.Path;

/**
 * What a line tuner process is told, written by {@link LineTuners} as JSON beside its log and read by the process's
 * main: the tuning file it runs as one session, its output directory, and the PostgreSQL study store (URL, user and
 * study name) its trials go to. No secret appears here: the store's password travels in the process's environment
 * ({@link #PASSWORD_ENV}).
 *
 * @param tuningFile      absolute path of the tuning file (a {@code clusterLine:} file, or any file of one session)
 * @param outputDirectory absolute path of the session's output directory, which must not exist yet
 * @param studyUrl        the study store, {@code jdbc:postgresql://HOST:PORT/DB}
 * @param studyUser       the store's user, or null for the URL's {@code user=} parameter
 * @param studyName       the study the session writes
 */
public record LineTunerSpec(String tuningFile, String outputDirectory, String studyUrl, String studyUser,
                            String studyName) {
    /** The environment variable the process reads the study store's password from. */
    public static final String PASSWORD_ENV = "TUNESCOPE_STUDY_PASSWORD";

    public LineTunerSpec {
        require("tuningFile", tuningFile);
        require("outputDirectory", outputDirectory);
        require("studyUrl", studyUrl);
        if (!studyUrl.startsWith("jdbc:postgresql://")) {
            throw BadInputException.of("studyUrl", studyUrl, "must be a study store's URL, jdbc:postgresql://HOST:PORT/DB");
        }
        PostgresStudy.checkName(studyName);
    }

    private static void require(String field, String value) {
        if (value == null || value.isBlank()) {
            throw BadInputException.of(field, value == null ? "missing" : "blank", "is required in a line tuner's spec");
        }
    }

    public Path tuningFilePath() {
        return Path.of(tuningFile);
    }

    public Path outputPath() {
        return Path.of(outputDirectory);
    }

    /** Writes the spec to {@code file} (atomically, with the document header). */
    public void write(Path file) {
        Json.writeAtomically(file, this);
    }

    /** Reads a spec {@link #write} wrote; bad input naming the file, and the field and its rule where one breaks it. */
    public static LineTunerSpec read(Path file) throws IOException {
        try {
            return JsonFiles.read(file, LineTunerSpec.class, "a line tuner's spec");
        } catch (BadInputException e) {
            if (e.getCause() != null && e.getCause().getCause() instanceof BadInputException rule) {
                throw new BadInputException(file + ": " + rule.getMessage(), e);
            }
            throw e;
        }
    }
}
