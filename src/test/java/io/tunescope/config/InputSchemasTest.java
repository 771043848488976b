package io.tunescope.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.tunescope.SchemaCheck;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The schemas of the input files (docs/schemas/tuning-file, plan-file and cluster-file) accept every example of
 * their kind, and
 * name a misspelt key and a value of the wrong type; so an editor that validates against them agrees with
 * {@code tunescope check} on the examples.
 */
class InputSchemasTest {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    @Test
    void everyExamplePlanAndTuningFileIsValidAgainstItsSchema() throws IOException {
        List<Path> examples;
        try (Stream<Path> files = Files.list(Path.of("examples"))) {
            examples = files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
        int plans = 0;
        int tuningFiles = 0;
        int clusterFiles = 0;
        for (Path f : examples) {
            JsonNode doc = YAML.readTree(f.toFile());
            String schema = doc.has("cluster") ? "cluster-file" : doc.has("base") ? "plan-file" : "tuning-file";
            assertThat(SchemaCheck.problems(schema, doc)).as(f.toString()).isEmpty();
            plans += schema.equals("plan-file") ? 1 : 0;
            tuningFiles += schema.equals("tuning-file") ? 1 : 0;
            clusterFiles += schema.equals("cluster-file") ? 1 : 0;
        }
        assertThat(plans).isGreaterThanOrEqualTo(3);
        assertThat(tuningFiles).isGreaterThanOrEqualTo(8);
        assertThat(clusterFiles).isGreaterThanOrEqualTo(2);
    }

    @Test
    void aMisspeltKeyAndAWrongTypeAreNamed() throws IOException {
        JsonNode tuning = YAML.readTree("""
                budgt: 3
                parameters: [{name: threads, max: "many"}]
                target: {engine: duckdb}
                """);
        assertThat(SchemaCheck.problems("tuning-file", tuning)).anyMatch(p -> p.contains("budgt"))
                .anyMatch(p -> p.startsWith("/parameters/0/max"));
        JsonNode plan = YAML.readTree("""
                base: {engine: duckdb, users: 0}
                factors: {userz: [1, 2]}
                """);
        assertThat(SchemaCheck.problems("plan-file", plan)).anyMatch(p -> p.startsWith("/base/users"))
                .anyMatch(p -> p.contains("userz"));
        JsonNode cluster = YAML.readTree("""
                cluster:
                  modes: [default, triplication]
                  layout: {lines: 2, nodesPerTier: {app: two}}
                  simulaton: {browsers: 100}
                """);
        assertThat(SchemaCheck.problems("cluster-file", cluster)).anyMatch(p -> p.startsWith("/cluster/modes/1"))
                .anyMatch(p -> p.startsWith("/cluster/layout/nodesPerTier/app"))
                .anyMatch(p -> p.contains("simulaton"));
    }
}
