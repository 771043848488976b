package io.tunescope;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Validates a document against one of the JSON Schemas in docs/schemas (draft 2020-12), their {@code $id}s
 * (https://tunescope.io/schemas/NAME.schema.json) resolved to those files, so that tests check real outputs and
 * input files against the schemas users get.
 */
public final class SchemaCheck {
    private static final String PREFIX = "https://tunescope.io/schemas/";
    private static final Path DIR = Path.of("docs", "schemas");
    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(
            SpecificationVersion.DRAFT_2020_12, b -> b.schemas(SchemaCheck::local));

    private SchemaCheck() {
    }

    /** Every problem of {@code doc} against docs/schemas/NAME.schema.json, as "place: message"; empty when valid. */
    public static List<String> problems(String name, JsonNode doc) {
        Schema schema = REGISTRY.getSchema(SchemaLocation.of(PREFIX + name + ".schema.json"));
        return schema.validate(doc).stream().map(e -> e.getInstanceLocation() + ": " + e.getMessage()).toList();
    }

    /** The schemas that exist, by name (the file name without {@code .schema.json}). */
    public static List<String> names() throws IOException {
        try (var files = Files.list(DIR)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".schema.json"))
                    .map(n -> n.substring(0, n.length() - ".schema.json".length())).sorted().toList();
        }
    }

    private static String local(String iri) {
        if (!iri.startsWith(PREFIX)) {
            return null;
        }
        try {
            return Files.readString(DIR.resolve(iri.substring(PREFIX.length())));
        } catch (IOException e) {
            throw new UncheckedIOException("no schema " + iri + " in " + DIR, e);
        }
    }
}
