package io.tunescope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The reference pages in docs/commands embed each command's {@code --help} text between markers; this test keeps them
 * equal to what the commands print, so the pages cannot drift from the code. To refresh every embedded block after
 * changing an option: {@code mvn -o test -Dtest=CommandPagesTest -Dtunescope.writeHelp=true}.
 */
class CommandPagesTest {

    static final Path PAGES = Path.of("docs", "commands");
    /** The same width picocli uses when nothing sets one, so the pages show what a terminal shows. */
    static final int WIDTH = 80;
    static final Pattern BLOCK = Pattern.compile(
            "<!-- BEGIN help: ([a-z -]+) -->\n```text\n(.*?)```\n<!-- END help -->", Pattern.DOTALL);

    @Test
    void everyEmbeddedHelpTextIsWhatTheCommandPrints() throws IOException {
        boolean write = Boolean.getBoolean("tunescope.writeHelp");
        List<String> stale = new ArrayList<>();
        for (Path page : pages()) {
            String text = Files.readString(page, StandardCharsets.UTF_8);
            Matcher m = BLOCK.matcher(text);
            StringBuilder refreshed = new StringBuilder();
            while (m.find()) {
                String current = usageOf(m.group(1));
                if (!normalized(m.group(2)).equals(current)) {
                    stale.add(page.getFileName() + ": " + m.group(1));
                }
                m.appendReplacement(refreshed, Matcher.quoteReplacement(
                        "<!-- BEGIN help: " + m.group(1) + " -->\n```text\n" + current + "```\n<!-- END help -->"));
            }
            m.appendTail(refreshed);
            if (write) {
                Files.writeString(page, refreshed.toString(), StandardCharsets.UTF_8);
            }
        }
        if (!write) {
            assertEquals(List.of(), stale, "help text embedded in docs/commands differs from --help; refresh with "
                    + "mvn -o test -Dtest=CommandPagesTest -Dtunescope.writeHelp=true");
        }
    }

    @Test
    void everyCommandHasItsHelpOnAPage() throws IOException {
        TreeSet<String> embedded = new TreeSet<>();
        for (Path page : pages()) {
            Matcher m = BLOCK.matcher(Files.readString(page, StandardCharsets.UTF_8));
            while (m.find()) {
                embedded.add(m.group(1));
            }
        }
        TreeSet<String> missing = new TreeSet<>(commandPaths().keySet());
        missing.removeAll(embedded);
        assertEquals(new TreeSet<>(), missing, "commands with no help block in docs/commands");
        TreeSet<String> unknown = new TreeSet<>(embedded);
        unknown.removeAll(commandPaths().keySet());
        assertEquals(new TreeSet<>(), unknown, "help blocks in docs/commands naming no command");
    }

    @Test
    void theBlockPatternFindsAStaleBlock() {
        String page = "# x\n<!-- BEGIN help: demo -->\n```text\nUsage: old\n```\n<!-- END help -->\n";
        Matcher m = BLOCK.matcher(page);
        assertTrue(m.find());
        assertEquals("demo", m.group(1));
        assertFalse(normalized(m.group(2)).equals(usageOf("demo")));
    }

    private static List<Path> pages() throws IOException {
        try (Stream<Path> files = Files.list(PAGES)) {
            List<Path> pages = files.filter(p -> p.toString().endsWith(".md")).sorted().toList();
            assertFalse(pages.isEmpty(), "no pages in " + PAGES.toAbsolutePath());
            return pages;
        }
    }

    /** Every command and subcommand by its path ("run", "shop run"), picocli's own {@code help} left out. */
    static Map<String, CommandLine> commandPaths() {
        Map<String, CommandLine> paths = new LinkedHashMap<>();
        CommandLine root = Main.newCommandLine();
        root.setUsageHelpWidth(WIDTH);
        collect("", root, paths);
        return paths;
    }

    private static void collect(String prefix, CommandLine parent, Map<String, CommandLine> paths) {
        parent.getSubcommands().forEach((name, sub) -> {
            if (name.equals("help") || !sub.getCommandName().equals(name)) {
                return; // picocli's help command, or an alias of a command already listed
            }
            String path = prefix.isEmpty() ? name : prefix + " " + name;
            paths.put(path, sub);
            collect(path, sub, paths);
        });
    }

    static String usageOf(String path) {
        CommandLine command = commandPaths().get(path);
        if (command == null) {
            return "(no such command: " + path + ")\n";
        }
        return normalized(command.getUsageMessage(CommandLine.Help.Ansi.OFF));
    }

    /** Line ends as in the repository, no trailing blanks, one final newline. */
    static String normalized(String text) {
        return text.replace("\r\n", "\n").lines().map(String::stripTrailing)
                .reduce(new StringBuilder(), (b, l) -> b.append(l).append('\n'), StringBuilder::append)
                .toString().stripTrailing() + "\n";
    }
}
