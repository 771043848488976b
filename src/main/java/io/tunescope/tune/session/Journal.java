package io.tunescope.tune.session;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.tunescope.BadInputException;
import io.tunescope.store.JournalLine;
import io.tunescope.store.TuningDir;
import io.tunescope.store.study.StudyLocation;
import io.tunescope.store.study.StudyStore;
import io.tunescope.tune.space.SearchSpace;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The durable trial log: one JSON object per line, a {@code session} header first, then one {@code trial} line per
 * completed trial, each written and {@code fsync}ed before the session moves on, so a {@code kill -9} loses at most
 * the trial that was running. A torn last line (killed mid-write) is dropped when the journal is reopened.
 */
public final class Journal implements StudyStore {
    /** What the header records, checked on resume. */
    public record Header(String strategy, long seed, String direction, String space) {
        JournalLine.Session line() {
            return new JournalLine.Session(strategy, seed, direction, space);
        }

        public static Header of(JournalLine.Session line) {
            return new Header(line.strategy(), line.seed(), line.direction(), line.space());
        }

        /** Fails unless this journaled header is the one {@code session} would write: resuming replays it exactly. */
        void requireSameSession(Header session, String field, Object where) {
            if (!strategy.equals(session.strategy) || seed != session.seed || !direction.equals(session.direction)) {
                throw BadInputException.of(field, strategy + "/seed " + seed + "/" + direction,
                        "does not match this session (" + session.strategy + "/seed " + session.seed + "/"
                                + session.direction + ")");
            }
            if (!space.equals(session.space)) {
                throw BadInputException.of(field, where, "was written for a different search space");
            }
        }
    }

    private final Path file;
    private final FileChannel channel;

    private Journal(Path file, FileChannel channel) {
        this.file = file;
        this.channel = channel;
    }

    /** Starts a new journal in {@code dir}; fails if one exists there already (use resume). */
    public static Journal create(Path dir, Header header) {
        Path file = TuningDir.of(dir).journal();
        try {
            Files.createDirectories(dir);
            if (Files.exists(file) && Files.size(file) > 0) {
                throw BadInputException.of("output directory", dir, "already holds a journal; use --resume to continue it");
            }
            FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING);
            try {
                Journal j = new Journal(file, ch);
                j.appendLine(header.line());
                return j;
            } catch (RuntimeException e) {
                ch.close();
                throw e;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create journal " + file + ": " + e.getMessage(), e);
        }
    }

    /** Reopens the journal in {@code dir} for appending, after cutting off a torn last line. */
    public static Journal reopen(Path dir) {
        Path file = TuningDir.of(dir).journal();
        try {
            FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.READ);
            try {
                long keep = completeLength(Files.readAllBytes(file));
                ch.truncate(keep);
                ch.position(keep);
                return new Journal(file, ch);
            } catch (IOException | RuntimeException e) {
                ch.close();
                throw e;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot reopen journal " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Says, when the journal in {@code dir} ends in a torn line (the tuner was killed mid-write), which file and line
     * it is and that resuming drops it: {@code DIR/journal.jsonl:5: torn last line (37 bytes) dropped; resuming from
     * the 4 complete lines before it}. Empty when the journal ends cleanly or is absent.
     */
    public static Optional<String> tornLine(Path dir) {
        Path file = TuningDir.of(dir).journal();
        try {
            byte[] bytes = Files.readAllBytes(file);
            long complete = completeLength(bytes);
            if (complete == bytes.length) {
                return Optional.empty();
            }
            long lines = new String(bytes, 0, (int) complete, StandardCharsets.UTF_8).chars().filter(c -> c == '\n')
                    .count();
            return Optional.of(file + ":" + (lines + 1) + ": torn last line (" + (bytes.length - complete)
                    + " bytes) dropped; resuming from the " + lines + " complete lines before it");
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static long completeLength(byte[] bytes) {
        int end = bytes.length;
        while (end > 0 && bytes[end - 1] != '\n') {
            end--;
        }
        return end;
    }

    /** The journal in {@code dir} as a study location: the store of a session alone on its study. */
    public static StudyLocation in(Path dir) {
        return new StudyLocation() {
            @Override
            public StudyStore create(JournalLine.Session header) {
                return Journal.create(dir, Header.of(header));
            }

            @Override
            public StudyStore reopen() {
                if (!Files.isRegularFile(TuningDir.of(dir).journal())) {
                    throw BadInputException.of("resume directory", dir, "holds no "
                            + TuningDir.of(dir).journal().getFileName());
                }
                return Journal.reopen(dir);
            }

            @Override
            public String describe() {
                return dir.toString();
            }
        };
    }

    public Path file() {
        return file;
    }

    public void append(TrialRecord record) {
        append(line(record));
    }

    /** A completed trial as the line every study store records. */
    static JournalLine.Trial line(TrialRecord record) {
        return new JournalLine.Trial(record.trial(), record.config().values(),
                record.status().name().toLowerCase(java.util.Locale.ROOT), record.objective(), record.measurements(),
                record.error(), record.isDefault(), record.elapsedMillis());
    }

    @Override
    public void append(JournalLine.Trial trial) {
        appendLine(trial);
    }

    @Override
    public JournalLine.Session header() {
        return lines().stream().filter(JournalLine.Session.class::isInstance).map(JournalLine.Session.class::cast)
                .findFirst().orElseThrow(() -> BadInputException.of(file + ":1", "header",
                        "is missing: not a tunescope journal"));
    }

    @Override
    public List<JournalLine.Trial> completedTrials() {
        return lines().stream().filter(JournalLine.Trial.class::isInstance).map(JournalLine.Trial.class::cast)
                .toList();
    }

    /** The one writer of a file journal numbers its trials itself. */
    @Override
    public int claim(int proposed, Map<String, Object> config, boolean isDefault) {
        return proposed;
    }

    /** A file journal records no claims: the trial a killed tuner was running is simply asked for again. */
    @Override
    public List<Claim> takeOverAbandoned() {
        return List.of();
    }

    @Override
    public boolean shared() {
        return false;
    }

    @Override
    public String describe() {
        return file.getParent().toString();
    }

    private List<JournalLine> lines() {
        try {
            byte[] bytes = Files.readAllBytes(file);
            String text = new String(bytes, 0, (int) completeLength(bytes), StandardCharsets.UTF_8);
            List<JournalLine> out = new ArrayList<>();
            int lineNo = 0;
            for (String line : text.split("\n")) {
                lineNo++;
                if (!line.isBlank()) {
                    JournalLine parsed = parseLine(file, lineNo, line);
                    if (parsed != null) {
                        out.add(parsed);
                    }
                }
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read journal " + file + ": " + e.getMessage(), e);
        }
    }

    private void appendLine(JournalLine journalLine) {
        try {
            String line = journalLine.toJson() + "\n";
            ByteBuffer buf = ByteBuffer.wrap(line.getBytes(StandardCharsets.UTF_8));
            while (buf.hasRemaining()) {
                channel.write(buf);
            }
            channel.force(false);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append to journal " + file + ": " + e.getMessage(), e);
        }
    }

    /** The header and completed trials of the journal in {@code dir} (a torn last line is ignored). */
    public static Contents read(Path dir, SearchSpace space) {
        Path file = TuningDir.of(dir).journal();
        if (!Files.isRegularFile(file)) {
            throw BadInputException.of("resume directory", dir, "holds no " + file.getFileName());
        }
        try {
            byte[] bytes = Files.readAllBytes(file);
            String text = new String(bytes, 0, (int) completeLength(bytes), StandardCharsets.UTF_8);
            Header header = null;
            List<TrialRecord> trials = new ArrayList<>();
            int lineNo = 0;
            for (String line : text.split("\n")) {
                lineNo++;
                if (line.isBlank()) {
                    continue;
                }
                JournalLine parsed = parseLine(file, lineNo, line);
                if (parsed instanceof JournalLine.Session session) {
                    header = Header.of(session);
                } else if (parsed instanceof JournalLine.Trial trial) {
                    trials.add(toRecord(trial, space, file, lineNo));
                }
            }
            if (header == null) {
                throw BadInputException.of(file + ":1", "header", "is missing: not a tunescope journal");
            }
            return new Contents(header, trials);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read journal " + file + ": " + e.getMessage(), e);
        }
    }

    private static JournalLine parseLine(Path file, int lineNo, String line) {
        try {
            return JournalLine.parse(line);
        } catch (JsonProcessingException e) {
            throw BadInputException.of(file + ":" + lineNo, line.length() > 60 ? line.substring(0, 60) + "..." : line,
                    "is not valid JSON");
        }
    }

    private static TrialRecord toRecord(JournalLine.Trial t, SearchSpace space, Path file, int lineNo) {
        return toRecord(t, space, file + ":" + lineNo);
    }

    /** A recorded trial read back; bad input (prefixed with {@code where}) when it does not fit {@code space}. */
    static TrialRecord toRecord(JournalLine.Trial t, SearchSpace space, String where) {
        try {
            return new TrialRecord(t.trial(), space.configuration(t.config()), status(t.status()),
                    t.objective(), t.measurements(), t.reason(), t.isDefault(), t.elapsedMillis());
        } catch (BadInputException e) {
            throw new BadInputException(where + ": " + e.getMessage(), e);
        }
    }

    private static TrialRecord.Status status(String status) {
        try {
            // older journals hold OK and FAILED
            return TrialRecord.Status.valueOf(String.valueOf(status).toUpperCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw BadInputException.of("status", status, "must be one of " + List.of(TrialRecord.Status.values()));
        }
    }

    public record Contents(Header header, List<TrialRecord> trials) {
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
