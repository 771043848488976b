package io.tunescope.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.store.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class UslCommandTest {
    static String stdoutOf(Runnable r) {
        PrintStream old = System.out;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
        try {
            r.run();
        } finally {
            System.setOut(old);
        }
        return buf.toString(StandardCharsets.UTF_8);
    }

    @Test
    void fitsGunthersExampleAsJson(@TempDir Path dir) throws Exception {
        Path csv = Path.of("examples/scale-usl-gunther.csv"); // the README's example, run as published
        int[] code = new int[1];
        String out = stdoutOf(() -> code[0] = Main.execute("usl", csv.toString(), "--json", "--bootstrap", "50",
                "--chart", dir.resolve("fit").toString()));
        assertThat(code[0]).isEqualTo(ExitCode.OK);
        JsonNode json = Json.MAPPER.readTree(out);
        assertThat(json.get("sigma").asDouble()).isCloseTo(0.02, within(1e-3));
        assertThat(json.get("kappa").asDouble()).isCloseTo(0.02, within(1e-3));
        assertThat(json.get("lambda").asDouble()).isCloseTo(1.0, within(1e-3));
        assertThat(json.get("r2").asDouble()).isGreaterThan(0.999);
        assertThat(json.get("peakThreads").asInt()).isEqualTo(7);
        // X(7) = 7 / (1 + 0.02*6 + 0.02*42) = 3.5714
        assertThat(json.get("peakThroughput").asDouble()).isCloseTo(3.5714, within(2e-3));
        assertThat(dir.resolve("fit.png")).isNotEmptyFile();
        assertThat(dir.resolve("fit.svg")).isNotEmptyFile();
    }

    @Test
    void tooFewPointsOrNonNumericCellsAreBadInput(@TempDir Path dir) throws Exception {
        Path few = Files.writeString(dir.resolve("few.csv"), "concurrency,throughput\n1,1\n2,2\n3,3\n");
        Path text = Files.writeString(dir.resolve("text.csv"), "1,1\n2,2\n3,x\n4,4\n5,5\n6,6\n");
        assertThat(Main.execute("usl", few.toString())).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(Main.execute("usl", text.toString())).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(Main.execute("usl", dir.resolve("missing.csv").toString())).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(Main.execute("usl")).isEqualTo(ExitCode.USAGE);
        assertThat(Main.execute("usl", "--help")).isEqualTo(ExitCode.OK);
    }
}
