package io.tunescope.store.study;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.tunescope.BadInputException;
import io.tunescope.store.Json;
import io.tunescope.store.TuningDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * {@link TuningDir#studyReference()}: where a tuning directory's trials live when a study store holds them, so
 * {@code tune --resume DIR} needs no other argument: the URL ({@value #PRIVATE} for a private instance), the user
 * (null: from the URL) and the study's name. Never a password.
 */
public record StudyReference(String url, String user, String name) {
    /** The {@code --study} value of a private instance under the output directory. */
    public static final String PRIVATE = "postgres";

    @JsonIgnore
    public boolean isPrivate() {
        return PRIVATE.equals(url);
    }

    public void write(Path dir) {
        Json.writeAtomically(TuningDir.of(dir).studyReference(), this);
    }

    /** The reference in {@code dir}, if its trials live in a study store. */
    public static Optional<StudyReference> read(Path dir) {
        Path file = TuningDir.of(dir).studyReference();
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Json.read(file, StudyReference.class));
        } catch (IOException e) {
            throw BadInputException.of(file.toString(), "content", "is not a study reference (" + e.getMessage() + ")");
        }
    }
}
