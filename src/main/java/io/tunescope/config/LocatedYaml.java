package io.tunescope.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.tunescope.BadInputException;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * A YAML document read into a Jackson tree, with the line every value starts on, keyed by its path
 * ({@code factors.users[2]}): Jackson's tree drops token locations, so the tree is built here from the token stream.
 * Every configuration file tunescope reads (experiment plans, tuning files) goes through here, so their errors all
 * read {@code file:line: path (value) rule}. A key given twice in one mapping is bad input: YAML forbids it and a
 * reader keeping either value would silently drop the other. {@link YamlSection} reads typed values from the tree.
 */
public record LocatedYaml(String fileName, JsonNode root, Map<String, Integer> lines) {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    public LocatedYaml {
        lines = Map.copyOf(lines);
    }

    /**
     * Reads and parses {@code file}; {@code what} names it in the errors of a file that is missing or cannot be read
     * ({@code plan}, {@code tuning file}). A file that is not UTF-8 text is bad input naming the file and line.
     */
    public static LocatedYaml read(Path file, String what, boolean booleansAsText) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw BadInputException.of(what, file, "does not exist");
        } catch (IOException e) {
            throw BadInputException.of(what, file, Files.isDirectory(file) ? "is a directory, not a file"
                    : "cannot be read: " + e.getMessage());
        }
        return parse(file.toString(), utf8(file.toString(), bytes), booleansAsText);
    }

    /**
     * Whether {@code file} is a YAML mapping with the top-level key {@code key}: how a command tells the kinds of file
     * apart before reading one. False for a file that cannot be read or parsed (its reader then says why).
     */
    public static boolean hasTopKey(Path file, String key) {
        try {
            return read(file, "file", false).root().has(key);
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** {@code bytes} as UTF-8 text; a malformed byte is bad input at its line, never the decoder's own words. */
    static String utf8(String fileName, byte[] bytes) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult result = decoder.decode(in, out, true);
        if (!result.isError()) {
            result = decoder.flush(out);
        }
        if (result.isError()) {
            int line = 1;
            for (int i = 0; i < in.position(); i++) {
                line += bytes[i] == '\n' ? 1 : 0;
            }
            throw new BadInputException(fileName + ":" + line + ": the file is not UTF-8 text (byte " + in.position()
                    + " cannot be decoded): a configuration file must be UTF-8 YAML");
        }
        return out.flip().toString();
    }

    /**
     * Parses {@code text}; a syntax error becomes bad input naming the file and line. YAML 1.1 reads off/on/yes/no
     * as booleans: with {@code booleansAsText} they stay the text as written (a factor level such as "off"),
     * otherwise they become boolean nodes.
     */
    public static LocatedYaml parse(String fileName, String text, boolean booleansAsText) {
        Map<String, Integer> lines = new HashMap<>();
        try (JsonParser parser = new YAMLFactory().createParser(text)) {
            JsonToken first = parser.nextToken();
            JsonNode root = first == null ? NODES.objectNode() : read(parser, fileName, "", lines, booleansAsText);
            return new LocatedYaml(fileName, root, lines);
        } catch (IOException e) {
            int line = e instanceof com.fasterxml.jackson.core.JsonProcessingException p && p.getLocation() != null
                    ? p.getLocation().getLineNr() : 0;
            String why = e.getMessage() == null ? "" : e.getMessage().split("\n")[0];
            throw new BadInputException(fileName + ":" + line + ": not valid YAML: " + why, e);
        }
    }

    private static JsonNode read(JsonParser parser, String fileName, String path, Map<String, Integer> lines,
                                 boolean booleansAsText) throws IOException {
        lines.put(path, parser.currentTokenLocation().getLineNr());
        JsonToken token = parser.currentToken();
        if (token == JsonToken.START_OBJECT) {
            ObjectNode object = NODES.objectNode();
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                int keyLine = parser.currentTokenLocation().getLineNr();
                parser.nextToken();
                String child = path.isEmpty() ? name : path + "." + name;
                if (object.has(name)) {
                    throw new BadInputException(fileName + ":" + keyLine + ": " + child + " (duplicate) is given "
                            + "twice in one mapping (first at line " + lines.get(child) + "); give each key once");
                }
                object.set(name, read(parser, fileName, child, lines, booleansAsText));
                lines.put(child, keyLine);
            }
            return object;
        }
        if (token == JsonToken.START_ARRAY) {
            ArrayNode array = NODES.arrayNode();
            int i = 0;
            while (parser.nextToken() != JsonToken.END_ARRAY) {
                array.add(read(parser, fileName, path + "[" + i++ + "]", lines, booleansAsText));
            }
            return array;
        }
        return switch (token) {
            case VALUE_NULL -> NODES.nullNode();
            case VALUE_TRUE, VALUE_FALSE -> booleansAsText ? NODES.textNode(parser.getText())
                    : NODES.booleanNode(parser.getBooleanValue());
            case VALUE_NUMBER_INT -> NODES.numberNode(parser.getLongValue());
            case VALUE_NUMBER_FLOAT -> NODES.numberNode(parser.getDoubleValue());
            default -> NODES.textNode(parser.getText());
        };
    }

    /** The line of {@code path}, or of its nearest enclosing value that has one. */
    public int lineOf(String path) {
        String p = path;
        while (true) {
            Integer line = lines.get(p);
            if (line != null || p.isEmpty()) {
                return line == null ? 1 : line;
            }
            int cut = Math.max(p.lastIndexOf('.'), p.lastIndexOf('['));
            p = cut < 0 ? "" : p.substring(0, cut);
        }
    }

    /** Bad input at {@code path}: {@code plan.yaml:12: factors.users[1] (-5) must be at least 1}. */
    public BadInputException error(String path, Object value, String rule) {
        return new BadInputException(fileName + ":" + lineOf(path) + ": " + path + " (" + value + ") " + rule);
    }

    /** Re-throws an error raised deeper (e.g. by a parameter's own validation) with the file and line of {@code path}. */
    public BadInputException at(String path, BadInputException e) {
        return new BadInputException(fileName + ":" + lineOf(path) + ": " + e.getMessage(), e);
    }
}
