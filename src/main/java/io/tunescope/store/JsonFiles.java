package io.tunescope.store;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import io.tunescope.BadInputException;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;

/**
 * Reads a results file that a person may have edited or a crash may have cut short (stack.json, best.json) and says
 * what is wrong with it on one line, naming the file, the place and the rule in our words, never the JSON parser's
 * own text or Java class names: {@code best.json: line 3, column 9: not JSON (a value is missing or malformed)}.
 */
public final class JsonFiles {
    private JsonFiles() {
    }

    /**
     * {@code file} as a {@code type} ({@link Json#read}); bad input naming {@code file} when it is not UTF-8, not
     * JSON or not the shape of {@code what}.
     */
    public static <T> T read(Path file, Class<T> type, String what) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        try {
            StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes));
        } catch (CharacterCodingException e) {
            throw new BadInputException(file + ": not UTF-8 text");
        }
        try {
            T value = Json.MAPPER.readerFor(type)
                    .without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                    .readValue(bytes);
            if (value == null) {
                throw new BadInputException(file + ": empty, must hold " + what);
            }
            return value;
        } catch (JsonProcessingException e) {
            throw new BadInputException(file + ": " + problem(e, what), e);
        }
    }

    /** Where and why {@code e} failed, in our words: {@code line 3, column 9: field tenants holds the wrong ...}. */
    static String problem(JsonProcessingException e, String what) {
        return place(e) + rule(e, what);
    }

    private static String place(JsonProcessingException e) {
        JsonLocation at = e.getLocation();
        return at == null || at.getLineNr() < 0 ? "" : "line " + at.getLineNr() + ", column " + at.getColumnNr() + ": ";
    }

    private static String rule(JsonProcessingException e, String what) {
        String jackson = String.valueOf(e.getOriginalMessage());
        if (jackson.startsWith("No content to map")) {
            return "empty" + mustHold(what);
        }
        if (e instanceof JsonEOFException || jackson.contains("end-of-input")) {
            return "ends before its JSON is complete (cut short?)" + mustHold(what);
        }
        if (e instanceof MismatchedInputException m) {
            String field = path(m);
            return (field.isEmpty() ? "the document" : "field " + field) + " holds the wrong kind of value"
                    + (what == null ? "" : " for " + what);
        }
        if (e instanceof JsonMappingException m) {
            String field = path(m);
            return (field.isEmpty() ? "" : "field " + field + ": ") + "not a valid value"
                    + (what == null ? "" : " for " + what);
        }
        return "not JSON (a value is missing or malformed)" + mustHold(what);
    }

    private static String mustHold(String what) {
        return what == null ? "" : ", must hold " + what;
    }

    /** The field's path as a user would write it: {@code tenants[0].name}. */
    private static String path(JsonMappingException e) {
        return e.getPath().stream().map(r -> r.getFieldName() != null ? "." + r.getFieldName()
                : "[" + r.getIndex() + "]").collect(Collectors.joining()).replaceFirst("^\\.", "");
    }
}
