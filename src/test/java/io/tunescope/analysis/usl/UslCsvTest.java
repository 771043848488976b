package io.tunescope.analysis.usl;

import io.tunescope.BadInputException;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class UslCsvTest {
    @Test
    void readsHeaderCommentsAndBlankLines() {
        String csv = "# Gunther's example\nconcurrency,throughput\n1,1\n2,1.8868\n\n4,3.0769\n6,3.5294\n8,3.5398\n"
                + "10,3.3557\n";
        List<UslPoint> pts = UslCsv.parse(csv);
        assertThat(pts).hasSize(6);
        assertThat(pts.get(1)).isEqualTo(new UslPoint(2, 1.8868));
    }

    @Test
    void rejectsFewerThanSixPoints() {
        assertThatThrownBy(() -> UslCsv.parse("concurrency,throughput\n1,1\n2,2\n3,3\n4,4\n5,5\n"))
                .isInstanceOf(BadInputException.class).hasMessage("points (5) must be at least 6 for a USL fit");
    }

    @Test
    void rejectsNonNumericCellsNamingTheLine() {
        assertThatThrownBy(() -> UslCsv.parse("concurrency,throughput\n1,1\n2,abc\n3,3\n4,4\n5,5\n6,6\n"))
                .isInstanceOf(BadInputException.class)
                .hasMessage("throughput on line 3 (abc) must be a finite number");
        assertThatThrownBy(() -> UslCsv.parse("1,1\n2,2\n3,NaN\n4,4\n5,5\n6,6\n"))
                .isInstanceOf(BadInputException.class).hasMessageContaining("line 3");
    }

    @Test
    void rejectsZeroConcurrencyAndNegativeThroughputNamingTheLine() {
        assertThatThrownBy(() -> UslCsv.parse("1,1\n0,2\n3,3\n4,4\n5,5\n6,6\n"))
                .isInstanceOf(BadInputException.class).hasMessage("concurrency on line 2 (0) must be above 0");
        assertThatThrownBy(() -> UslCsv.parse("1,1\n2,2\n3,-3\n4,4\n5,5\n6,6\n"))
                .isInstanceOf(BadInputException.class).hasMessage("throughput on line 3 (-3) must be at least 0");
    }

    @Test
    void rejectsRowsWithTheWrongNumberOfCells() {
        assertThatThrownBy(() -> UslCsv.parse("1,1\n2,2,2\n3,3\n4,4\n5,5\n6,6\n"))
                .isInstanceOf(BadInputException.class).hasMessageContaining("line 2");
    }

    @Property(tries = 100)
    void parsesWhatItIsGiven(@ForAll @Size(min = 6, max = 40) List<@DoubleRange(min = 0.5, max = 1e9) Double> xs) {
        String csv = "concurrency,throughput\n" + xs.stream()
                .map(x -> String.format(Locale.ROOT, "%s,%s", x, x * 2)).collect(Collectors.joining("\n"));
        List<UslPoint> pts = UslCsv.parse(csv);
        assertThat(pts).hasSize(xs.size());
        for (int i = 0; i < xs.size(); i++) {
            assertThat(pts.get(i).concurrency()).isEqualTo(xs.get(i));
            assertThat(pts.get(i).throughput()).isEqualTo(xs.get(i) * 2);
        }
    }
}
