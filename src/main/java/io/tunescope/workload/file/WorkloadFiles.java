package io.tunescope.workload.file;

import io.tunescope.BadInputException;
import io.tunescope.workload.pgbench.ScriptSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A workload file and the CSV files it reads as texts that travel with a run (a tenant's agent reads no file of the
 * user's): the workload file first, then each CSV file under the path the workload file gives for it.
 */
public final class WorkloadFiles {
    private WorkloadFiles() {
    }

    /**
     * Reads the workload file {@code path} (relative to {@code baseDir}) and its CSV files (relative to the workload
     * file's directory), checks them, and returns their texts.
     */
    public static List<ScriptSource> sources(String path, Path baseDir) {
        if (path.isBlank()) {
            throw BadInputException.of("workload", FileWorkload.PREFIX, "names no workload file");
        }
        Path file = baseDir.resolve(path);
        String text = read(file, "workload file", path);
        Path dir = file.toAbsolutePath().getParent();
        Map<String, String> csv = new LinkedHashMap<>();
        WorkloadFileParser.parse(path, text, name -> csv.computeIfAbsent(name,
                n -> read(dir.resolve(n), "csv file", n)));
        List<ScriptSource> sources = new ArrayList<>();
        sources.add(new ScriptSource(WorkloadFileParser.baseName(path), path, text, 1));
        csv.forEach((name, csvText) -> sources.add(new ScriptSource(name, dir.resolve(name).toString(), csvText, 1)));
        return sources;
    }

    /** The workload the texts from {@link #sources} hold. */
    public static WorkloadFileParser.Parsed parse(List<ScriptSource> sources) {
        if (sources.isEmpty()) {
            throw BadInputException.of("workload", FileWorkload.PREFIX, "names no workload file");
        }
        ScriptSource yaml = sources.get(0);
        Map<String, String> csv = new LinkedHashMap<>();
        sources.subList(1, sources.size()).forEach(s -> csv.put(s.name(), s.text()));
        return WorkloadFileParser.parse(yaml.file(), yaml.text(), name -> {
            String text = csv.get(name);
            if (text == null) {
                throw BadInputException.of("csv file", name, "did not travel with the workload");
            }
            return text;
        });
    }

    /** Reads and checks the workload file {@code file} as {@code tunescope check} does. */
    public static WorkloadFileParser.Parsed check(Path file) {
        return parse(sources(file.toString(), Path.of("")));
    }

    private static String read(Path file, String what, String shown) {
        if (!Files.isRegularFile(file)) {
            throw BadInputException.of(what, shown, "does not exist or is not a file");
        }
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw BadInputException.of(what, shown, "cannot be read: " + e.getMessage());
        }
    }
}
