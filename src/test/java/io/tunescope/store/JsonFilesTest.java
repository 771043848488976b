package io.tunescope.store;

import io.tunescope.BadInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A hand-edited or torn results file is named with the place and the rule in our words, never Jackson's. */
class JsonFilesTest {
    @TempDir
    Path dir;

    @Test
    void aBestJsonOfTheWrongShapeNamesTheFileAndTheField() throws Exception {
        Path best = dir.resolve("best.json");
        Files.writeString(best, "{\n  \"best\": [1, 2]\n}\n");
        assertThatThrownBy(() -> BestSoFar.read(best)).isInstanceOf(BadInputException.class)
                .hasMessage(best + ": line 2, column 11: field best holds the wrong kind of value for the best "
                        + "configuration of a tuning session");
    }

    @Test
    void aTornFileIsCutShortAndAnEmptyOneEmpty() throws Exception {
        Path best = dir.resolve("best.json");
        Files.writeString(best, "{\"best\": {\"values\": ");
        assertThatThrownBy(() -> BestSoFar.read(best)).isInstanceOf(BadInputException.class)
                .hasMessageStartingWith(best + ": line 1, column ").hasMessageContaining("cut short")
                .hasMessageNotContaining("Unexpected");
        Files.writeString(best, "");
        assertThatThrownBy(() -> BestSoFar.read(best)).hasMessageStartingWith(best + ": ")
                .hasMessageContaining("empty");
    }

    @Test
    void aBinaryFileIsNotUtf8Text() throws Exception {
        Path best = dir.resolve("best.json");
        Files.write(best, new byte[]{'{', (byte) 0xC3, (byte) 0x28, '}'});
        assertThatThrownBy(() -> BestSoFar.read(best)).isInstanceOf(BadInputException.class)
                .hasMessage(best + ": not UTF-8 text");
    }
}
