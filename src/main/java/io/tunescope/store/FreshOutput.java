package io.tunescope.store;

import io.tunescope.BadInputException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The one rule for an output directory ({@code --out}) of every command that writes results: it must be a place for
 * a directory (not empty text, not under a regular file or a device, not in a kernel file system), and a new run
 * never writes into a directory that holds results already, of another run or of another kind; only a resume of the
 * same work (a plan, {@code tune --resume}) goes on in one. Checked before the command writes anything.
 */
public final class FreshOutput {
    /** Entries by which a directory is known to hold results, with what they say it holds; the first found is named. */
    private static final String TUNING = "continue it with tune --resume DIR";
    private static final List<Entry> RESULTS = List.of(
            new Entry("plan.json", "the cells of an experiment plan", "run the same plan there to resume it"),
            new Entry("journal.jsonl", "a tuning session", TUNING),
            new Entry("study.json", "a tuning session", TUNING),
            new Entry("tuning-file.txt", "a tuning session", TUNING),
            new Entry("best.json", "a tuning session", TUNING),
            new Entry("cluster.json", "a cluster tuning comparison", null),
            new Entry("capacity.json", "a shop capacity curve", null),
            new Entry("stack.json", "a shop stack", null),
            new Entry("stack-config.json", "a shop stack", null),
            new Entry("summary.json", "the results of an earlier run", null),
            new Entry("executions.csv", "the results of an earlier run", null),
            new Entry("results.duckdb", "the results of an earlier run", null),
            new Entry("tenants", "the results of an earlier run", null),
            new Entry("cells", "the cells of an experiment plan", null),
            new Entry("levels", "a shop capacity curve", null),
            new Entry("monitor", "a monitor recording", null),
            new Entry("samples.tsraw", "a monitor recording", null));

    /** Kernel file systems and device nodes: never a place for results. */
    private static final List<Path> NOT_FOR_RESULTS = List.of(Path.of("/proc"), Path.of("/sys"), Path.of("/dev"));

    /** {@code resume}: how the same work goes on in such a directory, where it can (null: it cannot). */
    private record Entry(String name, String holds, String resume) {
        String says() {
            return holds + " (" + name + "): " + (resume == null ? "" : resume + " or ") + "give a new directory";
        }
    }

    private FreshOutput() {
    }

    /** Checks {@code out} by {@link #check} and creates it; bad input when either fails. */
    public static Path create(Path out) {
        check(out);
        return ResultsDir.createOutput(out);
    }

    /**
     * Bad input unless {@code out} is a place for a directory ({@link #checkPlace}) that holds no results yet: a
     * missing directory, an empty one or one holding other files only.
     */
    public static void check(Path out) {
        checkPlace(out);
        holding(out).ifPresent(what -> {
            throw BadInputException.of("out", out, "already holds " + what + " (results are never overwritten)");
        });
    }

    /**
     * Bad input unless {@code out} can be a results directory: not empty text (that would be the working
     * directory), not under a regular file or a device, not in {@code /proc}, {@code /sys} or {@code /dev}.
     */
    public static void checkPlace(Path out) {
        if (out == null || out.toString().isBlank()) {
            throw BadInputException.of("out", out == null ? "missing" : "\"" + out + "\"", "must name a directory "
                    + "(an empty path would write into the working directory)");
        }
        Path absolute = out.toAbsolutePath().normalize();
        Path existing = absolute;
        while (existing != null && !Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return;
        }
        Path real = realPath(existing);
        for (Path kernel : NOT_FOR_RESULTS) {
            if (real.startsWith(kernel)) {
                throw BadInputException.of("out", out, "is under " + kernel + ", which holds the kernel's files or "
                        + "devices, not results");
            }
        }
        if (!Files.isDirectory(real)) {
            throw BadInputException.of("out", out, "must be a directory, but " + (existing.equals(absolute) ? out
                    : existing) + " is a file");
        }
    }

    /**
     * What {@code dir} holds, in words with the entry that says so and how to resume where one can ({@code a tuning
     * session (journal.jsonl): continue it with tune --resume DIR or give a new directory}).
     */
    public static Optional<String> holding(Path dir) {
        if (!Files.isDirectory(dir)) {
            return Optional.empty();
        }
        return RESULTS.stream().filter(e -> Files.exists(dir.resolve(e.name()), LinkOption.NOFOLLOW_LINKS))
                .findFirst().map(Entry::says);
    }

    private static Path realPath(Path existing) {
        try {
            return existing.toRealPath();
        } catch (IOException e) {
            return existing;
        }
    }
}
