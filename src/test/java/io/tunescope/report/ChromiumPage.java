package io.tunescope.report;

import io.tunescope.Externals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A page as headless Chromium leaves it: the DOM after the page's scripts and images loaded ({@code --dump-dom}),
 * what its console reported ({@code --enable-logging=stderr}), and a probe's count of the images the browser could
 * not decode. Chromium runs with {@code --no-sandbox}: as root (CI, containers) it refuses to start otherwise. A
 * missing Chromium fails the test under {@code TUNESCOPE_REQUIRE_EXTERNALS=1} (CI installs it), else skips it.
 */
public final class ChromiumPage {
    /** Appended to a copy of the page: after the load event it records the images the browser failed to draw. */
    private static final String PROBE = "<script>window.addEventListener('load', function () {"
            + " var imgs = document.images, broken = 0;"
            + " for (var i = 0; i < imgs.length; i++) { if (!imgs[i].complete || imgs[i].naturalWidth === 0) broken++; }"
            + " var p = document.createElement('div'); p.id = 'render-check';"
            + " p.setAttribute('data-images', imgs.length); p.setAttribute('data-broken', broken);"
            + " p.setAttribute('data-height', document.documentElement.scrollHeight);"
            + " document.body.appendChild(p); });</script>";
    private static final Pattern CHECK = Pattern.compile("<div id=\"render-check\" data-images=\"(\\d+)\" "
            + "data-broken=\"(\\d+)\" data-height=\"(\\d+)\">");
    /**
     * Chromium's log line for anything the page wrote to its console, an uncaught exception included (e.g.
     * {@code INFO:CONSOLE:1] "Uncaught ReferenceError: ..."}): the reports run no script of their own, so any is one.
     */
    private static final Pattern CONSOLE_PROBLEM = Pattern.compile("(?m)^.*:CONSOLE[:(].*$");

    /** The loaded page: its DOM, its images and the images that failed, its height, the console's problems. */
    public record Loaded(String dom, int images, int brokenImages, int heightPixels, List<String> consoleProblems) {
    }

    private ChromiumPage() {
    }

    /** Loads a copy of {@code page} with the probe added (in {@code tmp}, with Chromium's profile and log). */
    public static Loaded load(Path page, Path tmp) throws Exception {
        Path chromium = Externals.tool("chromium", "chromium");
        String html = Files.readString(page, StandardCharsets.UTF_8);
        int end = html.lastIndexOf("</body>");
        assertThat(end).as(page + " has a </body>").isPositive();
        Path probed = tmp.resolve("probed-" + page.getFileName());
        Files.writeString(probed, html.substring(0, end) + PROBE + html.substring(end), StandardCharsets.UTF_8);
        Path dom = tmp.resolve("dom.html");
        Path log = tmp.resolve("chromium.log");
        Process p = new ProcessBuilder(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--user-data-dir=" + tmp.resolve("profile"), "--enable-logging=stderr", "--v=0",
                "--virtual-time-budget=10000", "--dump-dom", probed.toUri().toString())
                .redirectOutput(dom.toFile()).redirectError(log.toFile()).start();
        try {
            assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("chromium finished").isTrue();
        } finally {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        String text = Files.readString(dom, StandardCharsets.UTF_8);
        String logText = Files.readString(log, StandardCharsets.UTF_8);
        Matcher m = CHECK.matcher(text);
        assertThat(m.find()).as("the probe ran after the page loaded; chromium said:\n" + logText).isTrue();
        List<String> problems = CONSOLE_PROBLEM.matcher(logText).results().map(r -> r.group().trim()).toList();
        return new Loaded(text, Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
                Integer.parseInt(m.group(3)), problems);
    }
}
