package io.tunescope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.SchemaCheck;
import io.tunescope.store.BuildInfo;
import io.tunescope.store.Documents;
import io.tunescope.store.Json;
import io.tunescope.store.RunSummary;
import io.tunescope.store.SummaryDocument;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every JSON document a command writes names its schema version, its type and the build that wrote it. */
class VersionedOutputsTest {

    @Test
    void aDuckDbRunWritesTheHeaderFirstAndReadsBack(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("run");
        int code = Main.execute("run", "--engine", "duckdb", "--sf", "0.01", "--workload", "single:Q6",
                "--iterations", "1", "--monitor", "--out", out.toString());
        assertThat(code).isZero();
        JsonNode summary = Json.MAPPER.readTree(out.resolve("summary.json").toFile());
        assertHeader(summary, "run");
        assertThat(fieldNames(summary).subList(0, 4)).isEqualTo(Documents.HEADER);
        assertThat(Json.MAPPER.readTree(out.resolve("monitor/monitor.json").toFile()).path("type").asText())
                .isEqualTo("monitor-threads");
        assertThat(SummaryDocument.read(out.resolve("summary.json"))).isInstanceOf(RunSummary.class);
        assertThat(SchemaCheck.problems("run", summary)).isEmpty();
        assertThat(everyJsonObjectUnder(out)).allSatisfy(VersionedOutputsTest::assertHasHeader);
    }

    @Test
    void aTuningSessionWritesTheHeaderInItsSummaryAndBest(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("t.yaml");
        Files.writeString(file, """
                command: ["sh", "-c", "echo v=1"]
                objective: {regex: "v=([0-9]+)"}
                budget: 2
                parameters: [{name: a, type: bool}]
                """);
        Path out = dir.resolve("tune");
        assertThat(Main.execute("tune", file.toString(), "--out", out.toString())).isZero();
        JsonNode summary = Json.MAPPER.readTree(out.resolve("summary.json").toFile());
        JsonNode best = Json.MAPPER.readTree(out.resolve("best.json").toFile());
        assertHeader(summary, "tuning");
        assertHeader(best, "best");
        assertThat(SchemaCheck.problems("tuning", summary)).isEmpty();
        assertThat(SchemaCheck.problems("best", best)).isEmpty();
        assertThat(everyJsonObjectUnder(out)).allSatisfy(VersionedOutputsTest::assertHasHeader);
    }

    @Test
    void theBuildRecordedItsVersionAndCommit() {
        // target/classes/io/tunescope/build.properties is written by the build (pom.xml, exec-maven-plugin)
        assertThat(BuildInfo.CURRENT.version()).isNotEqualTo("unknown").doesNotContain("${");
        assertThat(BuildInfo.CURRENT.commit()).matches("[0-9a-f]{12}(-dirty)?|unknown");
    }

    @Test
    void theSchemaCheckFindsAMissingFieldAndAWrongType() throws IOException {
        JsonNode doc = Json.MAPPER.readTree("{\"schemaVersion\": 1, \"type\": \"plan\", \"tunescopeVersion\": \"x\", "
                + "\"seed\": \"one\"}");
        List<String> problems = SchemaCheck.problems("run", doc);
        assertThat(problems).anyMatch(p -> p.contains("tunescopeCommit")).anyMatch(p -> p.contains("engine"))
                .anyMatch(p -> p.startsWith("/type")).anyMatch(p -> p.startsWith("/seed"));
    }

    @Test
    void everySchemaIsAValidSchemaThatRefusesAnEmptyObject() throws IOException {
        assertThat(SchemaCheck.names()).contains("run", "plan", "tuning", "best", "shop", "capacity", "header");
        for (String name : SchemaCheck.names()) {
            assertThat(SchemaCheck.problems(name, Json.MAPPER.createObjectNode())).as(name).isNotEmpty();
        }
    }

    private static void assertHeader(JsonNode doc, String type) {
        assertThat(doc.path("schemaVersion").asInt()).isEqualTo(Documents.SCHEMA_VERSION);
        assertThat(doc.path("type").asText()).isEqualTo(type);
        assertThat(doc.path("tunescopeVersion").asText()).isEqualTo(BuildInfo.CURRENT.version());
        assertThat(doc.path("tunescopeCommit").asText()).isEqualTo(BuildInfo.CURRENT.commit());
    }

    private static void assertHasHeader(JsonNode doc) {
        assertThat(doc.has("schemaVersion") && doc.has("type") && doc.has("tunescopeVersion"))
                .as("header in %s", doc.toString().substring(0, Math.min(120, doc.toString().length()))).isTrue();
    }

    /** The JSON objects of every .json file under dir (lists have no place for a header). */
    private static List<JsonNode> everyJsonObjectUnder(Path dir) throws IOException {
        List<JsonNode> docs = new ArrayList<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".json")).toList()) {
                JsonNode doc = Json.MAPPER.readTree(f.toFile());
                if (doc.isObject()) {
                    docs.add(doc);
                }
            }
        }
        assertThat(docs).isNotEmpty();
        return docs;
    }

    private static List<String> fieldNames(JsonNode doc) {
        List<String> names = new ArrayList<>();
        doc.properties().forEach(e -> names.add(e.getKey()));
        return names;
    }
}
