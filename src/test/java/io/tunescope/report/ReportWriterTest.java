package io.tunescope.report;

import io.tunescope.Externals;
import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.analysis.FixtureExperiment;
import io.tunescope.cli.ExitCode;
import io.tunescope.cli.Main;
import io.tunescope.store.Json;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

class ReportWriterTest {
    private static Path dir;

    @BeforeAll
    static void report(@TempDir Path tmp) {
        dir = FixtureExperiment.copyTo(tmp);
        assertThat(Main.execute("report", dir.toString())).isEqualTo(ExitCode.OK);
    }

    @Test
    void writesASelfContainedPageWithAtLeastFourChartsAndTheirData() throws Exception {
        String html = Files.readString(dir.resolve("report.html"));
        Matcher images = Pattern.compile("<img [^>]*src=\"data:image/png;base64,([A-Za-z0-9+/=]+)\"").matcher(html);
        int count = 0;
        while (images.find()) {
            byte[] png = java.util.Base64.getDecoder().decode(images.group(1));
            assertThat(ImageIO.read(new java.io.ByteArrayInputStream(png)).getWidth()).isGreaterThan(300);
            count++;
        }
        assertThat(count).isGreaterThanOrEqualTo(4);
        assertThat(html).doesNotContain("http://").doesNotContain("https://").contains("grp1").contains("Q18")
                .contains("Median absolute percentage error");
        for (String chart : List.of("profiles", "groups-map", "groups-traits", "comparison-1", "prediction-error")) {
            List<String> lines = Files.readAllLines(dir.resolve("report").resolve(chart + ".csv"));
            assertThat(lines.size()).as(chart).isGreaterThan(2);
        }
    }

    @Test
    void writesTheJsonFilesInTheAgreedShape() throws Exception {
        JsonNode groups = Json.MAPPER.readTree(dir.resolve("groups.json").toFile());
        assertThat(groups.get("k").asInt()).isEqualTo(groups.get("groups").size()).isEqualTo(3);
        assertThat(groups.get("method").asText()).contains("k-means++");
        assertThat(groups.get("groups").get(0).get("explanation").asText()).isNotBlank();
        JsonNode first = Json.MAPPER.readTree(dir.resolve("comparisons.json").toFile()).get(0);
        assertThat(first.get("factor").asText()).isEqualTo("users");
        assertThat(first.get("query").asText()).isEqualTo("Q1");
        assertThat(first.get("ci95")).hasSize(2);
        assertThat(first.get("changePercent").asDouble()).isBetween(first.get("ci95").get(0).asDouble(),
                first.get("ci95").get(1).asDouble());
        JsonNode prediction = Json.MAPPER.readTree(dir.resolve("prediction.json").toFile());
        assertThat(prediction.get("mape").asDouble()).isLessThan(prediction.get("baselineMape").asDouble());
        assertThat(prediction.get("scenarios").asInt()).isEqualTo(4);
    }

    @Test
    void rendersToANonBlankScreenshotInHeadlessChromium(@TempDir Path tmp) throws Exception {
        assertRendersInChromium(dir.resolve("report.html"), tmp);
    }

    @Test
    void withAnotherEnginesExperimentAddsThePredictionAcrossEnginesAndStillRenders(@TempDir Path tmp)
            throws Exception {
        Path other = FixtureExperiment.copyTo(tmp.resolve("other"));
        Path here = FixtureExperiment.copyTo(tmp.resolve("here"));
        assertThat(Main.execute("report", here.toString(), "--cross-engine", other.toString())).isEqualTo(ExitCode.OK);
        JsonNode cross = Json.MAPPER.readTree(here.resolve("cross-engine.json").toFile());
        assertThat(cross.get("directions")).hasSize(2);
        assertThat(cross.get("directions").get(0).get("perGroup")).hasSize(3);
        assertThat(cross.get("directions").get(0).get("mape").asDouble())
                .isLessThan(cross.get("directions").get(0).get("baselineMape").asDouble());
        String html = Files.readString(here.resolve("report.html"));
        assertThat(html).contains("5. Prediction across engines").contains("cross-engine.json");
        assertThat(Files.readAllLines(here.resolve("report/cross-engine.csv")).size()).isGreaterThan(3);
        assertRendersInChromium(here.resolve("report.html"), tmp);
    }

    /** Screenshots {@code page} in headless Chromium and checks that it drew a colourful, mostly non-blank page. */
    static void assertRendersInChromium(Path page, Path tmp) throws Exception {
        Path chromium = Externals.tool("chromium", "chromium");
        Path shot = tmp.resolve("shot.png");
        Process p = new ProcessBuilder(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--user-data-dir=" + tmp.resolve("profile"), "--window-size=1280,2400", "--screenshot=" + shot,
                page.toUri().toString()).redirectErrorStream(true)
                .redirectOutput(tmp.resolve("chromium.log").toFile()).start();
        try {
            assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("chromium finished").isTrue();
        } finally {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        BufferedImage image = ImageIO.read(shot.toFile());
        Set<Integer> colors = new HashSet<>();
        long nonWhite = 0;
        for (int y = 0; y < image.getHeight(); y += 2) {
            for (int x = 0; x < image.getWidth(); x += 2) {
                int rgb = image.getRGB(x, y) & 0xffffff;
                colors.add(rgb);
                nonWhite += rgb == 0xffffff ? 0 : 1;
            }
        }
        assertThat(colors.size()).as("distinct colors").isGreaterThan(50);
        assertThat(nonWhite).as("non-white pixels").isGreaterThan(image.getWidth() * (long) image.getHeight() / 4 / 20);
    }
}
