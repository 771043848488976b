package io.tunescope.tune.command;

import io.tunescope.BadInputException;
import io.tunescope.store.TuningDir;
import io.tunescope.store.study.PostgresStudy;
import io.tunescope.store.study.StudyLocation;
import io.tunescope.store.study.StudyReference;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Where {@code tune} records its trials: the output directory's journal (no {@code --study}), a PostgreSQL study
 * store at a URL, or a private instance started under the output directory ({@code --study postgres}) and stopped
 * when this is closed. A new session on a study URL joins the study when it exists with the same header. A new
 * session writes {@link StudyReference} into the output directory so that {@code --resume DIR} finds the study again.
 */
public final class StudyChoice implements AutoCloseable {
    private final StudyLocation location;
    private final PrivateStudyServer server;
    private final StudyReference reference;

    private StudyChoice(StudyLocation location, PrivateStudyServer server, StudyReference reference) {
        this.location = location;
        this.server = server;
        this.reference = reference;
    }

    /** The options as given; checked before anything is started or written. */
    public record Options(String study, String name, String user, String password) {
    }

    /**
     * Checks the options (bad input naming the option) and, for a private instance, starts it. {@code dir} is the
     * output directory; on {@code resume} without {@code --study} the directory's study reference is used.
     */
    public static StudyChoice open(Options o, Path dir, boolean resume) throws IOException, InterruptedException {
        StudyReference ref = resume && o.study() == null ? StudyReference.read(dir).orElse(null) : null;
        if (ref == null && o.study() == null) {
            if (o.name() != null || o.user() != null) {
                throw BadInputException.of(o.name() != null ? "--study-name" : "--study-user",
                        o.name() != null ? o.name() : o.user(), "needs --study URL (or --study postgres)");
            }
            return new StudyChoice(null, null, null);
        }
        if (ref == null) {
            String name = PostgresStudy.checkName(o.name() != null ? o.name() : dir.toAbsolutePath().normalize()
                    .getFileName().toString());
            ref = new StudyReference(o.study(), o.user(), name);
        }
        if (ref.isPrivate()) {
            if (resume) {
                throw BadInputException.of("--resume", dir, "used a private study instance (--study postgres), "
                        + "which stopped with its tuner; resuming needs a study server that outlives the tuner "
                        + "(--study URL)");
            }
            if (ref.user() != null) {
                throw BadInputException.of("--study-user", ref.user(), "is for --study URL (a private instance has its "
                        + "own user)");
            }
            PostgresStudy.checkName(ref.name());
            PrivateStudyServer server = PrivateStudyServer.start(TuningDir.of(dir).privateStudyServer());
            return new StudyChoice(server.study(ref.name()), server, ref);
        }
        return new StudyChoice(joining(new PostgresStudy(ref.url(), ref.user(), o.password(), ref.name())), null, ref);
    }

    /**
     * A study at a URL that a new tuner creates, or joins when another tuner created it with the same header: how a
     * second tuner process, here or on another host, starts writing a study that exists.
     */
    private static StudyLocation joining(PostgresStudy study) {
        return new StudyLocation() {
            @Override
            public io.tunescope.store.study.StudyStore create(io.tunescope.store.JournalLine.Session header) {
                return study.join(header);
            }

            @Override
            public io.tunescope.store.study.StudyStore reopen() {
                return study.reopen();
            }

            @Override
            public String describe() {
                return study.describe();
            }
        };
    }

    /**
     * Creates a new session's output directory {@code dir} with the tuning file's absolute path (for {@code --resume
     * DIR}) and the study reference.
     */
    public void startIn(Path dir, Path tuningFile) throws IOException {
        io.tunescope.store.ResultsDir.createOutput(dir);
        java.nio.file.Files.writeString(TuningDir.of(dir).tuningFileReference(), tuningFile.toAbsolutePath() + "\n");
        recordIn(dir);
    }

    /** Writes the study reference into a new session's output directory (once it exists). */
    public void recordIn(Path dir) {
        if (reference != null) {
            reference.write(dir);
        }
    }

    /** Null: the output directory's journal. */
    public StudyLocation location() {
        return location;
    }

    public String describe(Path dir) {
        return location == null ? TuningDir.of(dir).journal().toString() : location.describe();
    }

    @Override
    public void close() throws IOException {
        if (server != null) {
            server.close();
        }
    }
}
