package io.tunescope.cli;

import io.tunescope.store.Json;
import io.tunescope.store.ShopSummary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** Bad input to {@code shop run} exits 3 with one line naming field, value and rule, before anything starts. */
class ShopRunCommandTest {
    private static String stderrOf(int[] code, String... args) {
        PrintStream old = System.err;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        System.setErr(new PrintStream(buf, true, StandardCharsets.UTF_8));
        try {
            code[0] = Main.execute(args);
        } finally {
            System.setErr(old);
        }
        return buf.toString(StandardCharsets.UTF_8);
    }

    @Test
    void badInputIsOneLineAndExitThree(@TempDir Path dir) {
        String out = dir.resolve("out").toString();
        String[][] cases = {
                {"--mix", "windowshopping"}, {"--items", "5000"}, {"--browsers", "0"}, {"--think-scale", "0"},
                {"--database", "oracle"}, {"--app-max-threads", "2"}, {"--scale-down", "0"},
                {"--arrival-rate", "-1"}, {"--app-pool-size", "5000"}, {"--app-accept-queue", "100000"},
                {"--browsers", "2000000000"}, {"--app-cache-ttl-ms", "0"}};
        String[] messages = {"mix (windowshopping) must be one of browsing, shopping, ordering",
                "items (5000) must be one of 1000, 10000, 100000, 1000000", "browsers (0) must be at least 1",
                "think-scale (0.0) must be above 0", "database (oracle) must be one of h2, mariadb, postgres",
                "app-max-threads (2) must be at least 8", "scale-down (0) must be at least 1",
                "arrival-rate (-1.0) must be from 0 (closed load) to 100000",
                "app-pool-size (5000) must be from 1 to 1024", "app-accept-queue (100000) must be from 0 to 65535",
                "browsers (2000000000) must be at most 372827 (addresses = 2 x 2880 x browsers must fit a 32-bit "
                        + "count)", "app-cache-ttl-ms (0) must be from 1 to 3600000 ms"};
        for (int k = 0; k < cases.length; k++) {
            int[] code = new int[1];
            String err = stderrOf(code, "shop", "run", "--out", out, cases[k][0], cases[k][1]);
            assertThat(code[0]).as(cases[k][0]).isEqualTo(ExitCode.BAD_INPUT);
            assertThat(err).as(cases[k][0]).contains(messages[k]).hasLineCount(1);
        }
        assertThat(Files.exists(dir.resolve("out"))).as("nothing started, nothing written").isFalse();
    }

    @Test
    void aNegativeBrowseCacheIsBadInputNotTheOrderNodesValue(@TempDir Path dir) {
        int[] code = new int[1];
        String err = stderrOf(code, "shop", "reconfigure", "--app-nodes", "2", "--browse-cache-entries", "-1",
                "--out", dir.resolve("out").toString());
        assertThat(code[0]).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(err).contains("browse-cache-entries (-1) must be from 0 (no cache) to 1000000").hasLineCount(1);
        assertThat(Files.exists(dir.resolve("out"))).isFalse();
    }

    @Test
    void aMissingOrWrongProxyIsSaidBeforeTheDatabaseStarts(@TempDir Path dir) throws Exception {
        int[] code = new int[1];
        Path out = dir.resolve("out");
        String err = stderrOf(code, "shop", "run", "--database", "postgres", "--proxy", "nginx", "--proxy-bin",
                dir.resolve("no-nginx").toString(), "--out", out.toString());
        assertThat(code[0]).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(err).contains("proxy-bin (" + dir.resolve("no-nginx") + ") does not exist: give nginx's "
                + "executable (apt-get install nginx-light)").hasLineCount(1);
        assertThat(io.tunescope.store.ResultsDir.of(out).shopDatabase("postgres")).as("no database started")
                .doesNotExist();

        err = stderrOf(code, "shop", "run", "--database", "postgres", "--proxy", "nginx", "--proxy-bin", "/bin/true",
                "--out", dir.resolve("out2").toString());
        assertThat(code[0]).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(err).contains("proxy-bin (/bin/true) is not nginx").hasLineCount(1);
        assertThat(io.tunescope.store.ResultsDir.of(dir.resolve("out2")).shopDatabase("postgres")).doesNotExist();
    }

    @Test
    void zeroWipsSaysWhy() throws Exception {
        Path out = Path.of("runs", "x");
        ShopSummary failing = Json.MAPPER.readValue("{\"metric\": \"WIPS\", \"errors\": 3, \"measureSeconds\": 10, "
                + "\"errorsByKind\": {\"connect\": 3}, \"failedNodes\": []}", ShopSummary.class);
        assertThat(ShopRunCommand.noWipsReason(failing, out)).isEqualTo("0 WIPS measured: 3 interactions failed "
                + "{connect=3}; the tiers' logs are in runs/x/logs");
        ShopSummary idle = Json.MAPPER.readValue("{\"metric\": \"WIPS\", \"measureSeconds\": 2}",
                ShopSummary.class);
        assertThat(ShopRunCommand.noWipsReason(idle, out)).startsWith("0 WIPS measured: no interaction completed "
                + "within the 2 s measured");
        ShopSummary down = Json.MAPPER.readValue("{\"metric\": \"WIPS\", \"errors\": 9, \"failedNodes\": [\"app1\"]}",
                ShopSummary.class);
        assertThat(ShopRunCommand.noWipsReason(down, out)).startsWith("0 WIPS measured: nodes failed: app1;");
    }

    @Test
    void theCatalogAndTheCommandLineShareOneRule() {
        var pool = io.tunescope.shop.stack.ShopCatalogs.app().knob("app_pool_size");
        assertThat(pool.max()).isEqualTo((double) io.tunescope.shop.app.AppKnob.POOL_SIZE.max());
        assertThat(io.tunescope.shop.stack.ShopCatalogs.app().knob("app_accept_queue").max())
                .isEqualTo((double) io.tunescope.shop.app.AppKnob.ACCEPT_QUEUE.max());
    }
}
