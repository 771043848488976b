package io.tunescope.config;

import io.tunescope.BadInputException;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.AlphaChars;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class YamlSectionTest {
    private static final Path FIXTURE = Path.of("src/test/resources/config/section.yaml");

    private static YamlSection root(String text) {
        return YamlSection.root(LocatedYaml.parse("f.yaml", text, false));
    }

    @Test
    void readsEveryKindOfValueOfTheRecordedFixture() {
        YamlSection s = YamlSection.root(LocatedYaml.read(FIXTURE, "fixture", false));
        assertThat(s.text("name", null)).isEqualTo("fixture");
        assertThat(s.integer("users", 1, 1, 1024)).isEqualTo(8);
        assertThat(s.number("ratio", 1)).isEqualTo(0.25);
        assertThat(s.bool("exact", false)).isTrue();
        assertThat(s.duration("interval", null)).isEqualTo(Duration.ofMillis(8));
        assertThat(s.durationOrZero("pause", null)).isEqualTo(Duration.ZERO);
        assertThat(s.oneOf("order", "sequential", "sequential", "random")).isEqualTo("random");
        assertThat(s.list("levels")).extracting(v -> v.integer(1, 64)).containsExactly(1, 2, 4);
        YamlSection inner = s.section("inner");
        assertThat(inner.integer("depth", 0, 0, 9)).isEqualTo(3);
        assertThat(inner.text("label", null)).isEqualTo("deep");
        inner.end();
        assertThat(s.integer("absent", 7, 1, 9)).isEqualTo(7);
        s.end();
    }

    @Test
    void aKeyNobodyReadIsBadInputAtItsLineNamingTheKeysRead() {
        YamlSection s = root("users: 4\ncolour: red\n");
        s.integer("users", 1, 1, 9);
        s.duration("interval", null);
        assertThatThrownBy(s::end).isInstanceOf(BadInputException.class)
                .hasMessage("f.yaml:2: colour (colour) is not a known key; expected one of [interval, users]");
        YamlSection shop = root("shop:\n  colour: red\n").section("shop").describedAs("of a shop target");
        assertThatThrownBy(shop::end).hasMessageStartingWith("f.yaml:2: shop.colour (colour) is not a known key of a "
                + "shop target; expected one of []");
    }

    @Test
    void wrongTypesNameFileLinePathValueAndRule() {
        YamlSection s = root("a: 1\nb:\n  c: [x, 2.5]\nd: fast\ne: {x: 1}\n");
        assertThatThrownBy(() -> s.section("b").list("c").get(1).integer(0, 9))
                .hasMessage("f.yaml:3: b.c[1] (2.5) must be a whole number");
        assertThatThrownBy(() -> s.integer("a", 0, 2, 9)).hasMessage("f.yaml:1: a (1) must be between 2 and 9");
        assertThatThrownBy(() -> s.duration("d", null)).hasMessage("f.yaml:4: d (fast) must be a positive duration "
                + "such as 8ms, 30s or 2m");
        assertThatThrownBy(() -> s.text("e", null)).hasMessage("f.yaml:5: e ({x=1}) must be a non-empty text");
        assertThatThrownBy(() -> s.required("z")).hasMessage("f.yaml:1: z (missing) is required");
        assertThatThrownBy(() -> s.oneOf("d", "slow", "slow", "steady"))
                .hasMessage("f.yaml:4: d (fast) must be slow or steady");
        assertThatThrownBy(() -> s.parsed("d", null, t -> {
            throw BadInputException.of("speed", t, "is unknown");
        })).hasMessage("f.yaml:4: speed (fast) is unknown");
    }

    @Test
    void aKeyGivenTwiceInOneMappingIsBadInputAtTheSecond() {
        assertThatThrownBy(() -> LocatedYaml.parse("f.yaml", "a: 1\nb:\n  c: 2\n  c: 3\n", false))
                .isInstanceOf(BadInputException.class)
                .hasMessage("f.yaml:4: b.c (duplicate) is given twice in one mapping (first at line 3); give each key "
                        + "once");
        assertThat(LocatedYaml.parse("f.yaml", "a: {c: 1}\nb: {c: 2}\n", false).root().size()).isEqualTo(2);
    }

    @Test
    void aFileThatIsNotUtf8IsBadInputNamingTheFileAndLine(@TempDir Path dir) throws IOException {
        Path latin1 = dir.resolve("latin1.yaml");
        Files.write(latin1, "name: a\nlabel: caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
        assertThatThrownBy(() -> LocatedYaml.read(latin1, "plan", false)).isInstanceOf(BadInputException.class)
                .hasMessageStartingWith(latin1 + ":2: the file is not UTF-8 text")
                .hasMessageNotContaining("Input length");
        assertThatThrownBy(() -> LocatedYaml.read(dir.resolve("absent.yaml"), "plan", false))
                .hasMessage("plan (" + dir.resolve("absent.yaml") + ") does not exist");
    }

    @Property
    void aWholeNumberInRangeReadsBackAndOneOutsideNamesTheRange(@ForAll @LongRange(min = -1000, max = 1000) long n) {
        YamlSection s = root("n: " + n + "\n");
        if (n >= 0 && n <= 100) {
            assertThat(s.longInteger("n", -1, 0, 100)).isEqualTo(n);
        } else {
            assertThatThrownBy(() -> s.longInteger("n", -1, 0, 100))
                    .hasMessage("f.yaml:1: n (" + n + ") must be between 0 and 100");
        }
    }

    @Property
    void anyUnreadKeyIsRejectedAndAReadOneNever(@ForAll @AlphaChars @StringLength(min = 1, max = 12) String key) {
        YamlSection s = root("known: 1\n" + key + "x: 2\n");
        s.integer("known", 0, 0, 9);
        assertThatThrownBy(s::end).hasMessageContaining("f.yaml:2: " + key + "x (" + key + "x) is not a known key");
        s.value(key + "x");
        s.end();
    }

    @Property
    void textRoundTripsAnyPlainWord(@ForAll @AlphaChars @StringLength(min = 1, max = 20) String word) {
        String text = root("w: \"" + word + "\"\n").text("w", null);
        assertThat(text).isEqualTo(word);
    }
}
