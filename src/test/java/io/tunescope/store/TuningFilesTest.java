package io.tunescope.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** best.json and journal lines: the exact text earlier versions wrote, and typed records read back from it. */
class TuningFilesTest {
    private static Map<String, Object> config(long a, long b) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("a", a);
        m.put("b", b);
        return m;
    }

    @Test
    void bestSoFarIsWrittenAsBeforeAndReadsBack(@TempDir Path dir) throws Exception {
        BestSoFar best = new BestSoFar(3, new BestSoFar.Best(config(2, 2), 1.5, 1),
                new BestSoFar.DefaultResult(config(2, 2), 1.5, null), 0.0, "minimize", "random", 3, null, null);
        Path file = TuningDir.of(dir).best();
        best.write(file);
        assertThat(Files.readString(file)).isEqualTo("""
                {
                  "schemaVersion" : 1,
                  "type" : "best",
                  "tunescopeVersion" : "%s",
                  "tunescopeCommit" : "%s",
                  "trials" : 3,
                  "best" : {
                    "config" : {
                      "a" : 2,
                      "b" : 2
                    },
                    "objective" : 1.5,
                    "trial" : 1
                  },
                  "default" : {
                    "config" : {
                      "a" : 2,
                      "b" : 2
                    },
                    "objective" : 1.5
                  },
                  "improvementPercent" : 0.0,
                  "direction" : "minimize",
                  "strategy" : "random",
                  "seed" : 3
                }""".formatted(BuildInfo.CURRENT.version(), BuildInfo.CURRENT.commit()));
        BestSoFar back = BestSoFar.read(file);
        assertThat(Json.toJson(Documents.stamped(file, back))).isEqualTo(Files.readString(file));
        assertThat(back.defaultResult().objective()).isEqualTo(1.5);
        assertThat(back.best().trial()).isEqualTo(1);
    }

    @Test
    void aSessionWithoutSuccessLeavesOutWhatItDoesNotHave(@TempDir Path dir) throws Exception {
        BestSoFar none = new BestSoFar(1, null, new BestSoFar.DefaultResult(config(0, 0), null, "crash"), null,
                "maximize", "bayes", 1, null, null);
        Path file = TuningDir.of(dir).best();
        none.write(file);
        assertThat(Files.readString(file)).doesNotContain("\"best\" :").doesNotContain("improvementPercent")
                .contains("\"error\" : \"crash\"");
        BestSoFar back = BestSoFar.read(file);
        assertThat(back.best()).isNull();
        assertThat(back.defaultResult().error()).isEqualTo("crash");
        assertThat(Json.toJson(Documents.stamped(file, back))).isEqualTo(Files.readString(file));
    }

    @Test
    void journalLinesAreWrittenAsBeforeAndReadBackTyped() throws Exception {
        JournalLine.Session session = new JournalLine.Session("random", 3, "minimize", "SearchSpace[a, b]");
        String sessionText = "{\"strategy\":\"random\",\"seed\":3,\"direction\":\"minimize\","
                + "\"space\":\"SearchSpace[a, b]\",\"type\":\"session\"}";
        assertThat(session.toJson()).isEqualTo(sessionText);
        assertThat(JournalLine.parse(sessionText)).isEqualTo(session);

        JournalLine.Trial ok = new JournalLine.Trial(3, config(3, 0), "ok", 2.5, List.of(2.0, 3.0), null, false, 12);
        String okText = "{\"type\":\"trial\",\"trial\":3,\"config\":{\"a\":3,\"b\":0},\"status\":\"ok\","
                + "\"objective\":2.5,\"measurements\":[2.0,3.0],\"isDefault\":false,\"elapsedMillis\":12}";
        assertThat(ok.toJson()).isEqualTo(okText);
        JournalLine.Trial back = (JournalLine.Trial) JournalLine.parse(okText);
        assertThat(back.config()).containsExactly(Map.entry("a", 3), Map.entry("b", 0));
        assertThat(back.toJson()).isEqualTo(okText);

        JournalLine.Trial failed = new JournalLine.Trial(2, config(0, 3), "failed", null, List.of(), "crash \"x\"",
                true, 0);
        String failedText = "{\"type\":\"trial\",\"trial\":2,\"config\":{\"a\":0,\"b\":3},\"status\":\"failed\","
                + "\"measurements\":[],\"reason\":\"crash \\\"x\\\"\",\"isDefault\":true,\"elapsedMillis\":0}";
        assertThat(failed.toJson()).isEqualTo(failedText);
        assertThat(JournalLine.parse(failedText).toJson()).isEqualTo(failedText);
        String before11 = failedText.replace("\"failed\"", "\"FAILED\"").replace("\"reason\"", "\"error\"");
        assertThat(((JournalLine.Trial) JournalLine.parse(before11)).reason()).isEqualTo("crash \"x\"");
    }

    @Test
    void aLineOfAnUnknownTypeReadsAsNothingAndALineThatIsNotJsonFails() throws Exception {
        assertThat(JournalLine.parse("{\"type\":\"note\",\"text\":\"from a newer version\"}")).isNull();
        assertThat(JournalLine.parse("{\"trial\":1}")).isNull();
        assertThatThrownBy(() -> JournalLine.parse("{\"type\":\"trial\",\"trial\":6,\"conf"))
                .isInstanceOf(JsonProcessingException.class);
    }
}
