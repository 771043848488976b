package io.tunescope.tune.command;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.tunescope.BadInputException;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A YAML document read into plain maps, lists and scalars while remembering the line of every value by its path
 * ({@code parameters[1].min}), so that errors can name file, line and rule. A pure function of the text.
 */
public final class LocatedYaml {
    private final Path file;
    private final Object root;
    private final Map<String, Integer> lines;

    private LocatedYaml(Path file, Object root, Map<String, Integer> lines) {
        this.file = file;
        this.root = root;
        this.lines = lines;
    }

    public static LocatedYaml parse(Path file, String text) {
        Map<String, Integer> lines = new HashMap<>();
        try (JsonParser p = new YAMLFactory().createParser(text)) {
            JsonToken t = p.nextToken();
            if (t == null) {
                throw new BadInputException(file + ":1: the file is empty");
            }
            Object root = read(p, "", lines);
            return new LocatedYaml(file, root, lines);
        } catch (IOException e) {
            int line = e instanceof com.fasterxml.jackson.core.JsonProcessingException jpe && jpe.getLocation() != null
                    ? jpe.getLocation().getLineNr() : 1;
            String msg = e.getMessage() == null ? "malformed" : e.getMessage().split("\n")[0];
            throw new BadInputException(file + ":" + line + ": malformed YAML: " + msg, e);
        }
    }

    private static Object read(JsonParser p, String path, Map<String, Integer> lines) throws IOException {
        lines.put(path, p.currentTokenLocation().getLineNr());
        JsonToken t = p.currentToken();
        switch (t) {
            case START_OBJECT -> {
                Map<String, Object> m = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    p.nextToken();
                    String child = path.isEmpty() ? name : path + "." + name;
                    m.put(name, read(p, child, lines));
                }
                return m;
            }
            case START_ARRAY -> {
                List<Object> l = new ArrayList<>();
                int i = 0;
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    l.add(read(p, path + "[" + i++ + "]", lines));
                }
                return l;
            }
            case VALUE_NUMBER_INT -> {
                return p.getLongValue();
            }
            case VALUE_NUMBER_FLOAT -> {
                return p.getDoubleValue();
            }
            case VALUE_TRUE, VALUE_FALSE -> {
                return p.getBooleanValue();
            }
            case VALUE_NULL -> {
                return null;
            }
            default -> {
                return p.getText();
            }
        }
    }

    public Path file() {
        return file;
    }

    public Object root() {
        return root;
    }

    /** The line of the value at {@code path}, or of its nearest ancestor that has one. */
    public int line(String path) {
        String p = path;
        while (true) {
            Integer l = lines.get(p);
            if (l != null) {
                return l;
            }
            int cut = Math.max(p.lastIndexOf('.'), p.lastIndexOf('['));
            if (cut <= 0) {
                return lines.getOrDefault("", 1);
            }
            p = p.substring(0, cut);
        }
    }

    /** An error at {@code path}: {@code file:line: path (value) rule}. */
    public BadInputException error(String path, Object value, String rule) {
        return new BadInputException(file + ":" + line(path) + ": " + path + " (" + value + ") " + rule);
    }

    /** Re-throws an error raised deeper (e.g. by a parameter's validation) with the file and line of {@code path}. */
    public BadInputException at(String path, BadInputException e) {
        return new BadInputException(file + ":" + line(path) + ": " + e.getMessage(), e);
    }
}
