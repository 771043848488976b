package io.tunescope.workload.tpch;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ResultValidatorTest {
    private static final int[] FIRST_COLUMN_DESC = {0};

    @Test
    void numbersMatchWithinThePrecisionTheReferenceWasPrintedWith() {
        assertThat(ResultValidator.sameCell("25.58", "25.5779")).isTrue();
        assertThat(ResultValidator.sameCell("25.58", "25.59")).isFalse();
        assertThat(ResultValidator.sameCell("380456", "380456.00")).isTrue();
        assertThat(ResultValidator.sameCell("15.4865458122841", "15.486545812284")).isTrue();
        assertThat(ResultValidator.sameCell("15.4865458122841", "15.4866")).isFalse();
        assertThat(ResultValidator.sameCell("1995-10-21", "1995-10-21")).isTrue();
        assertThat(ResultValidator.sameCell("Brand#14", "Brand#14   ")).isTrue();
        assertThat(ResultValidator.sameCell(null, null)).isTrue();
        assertThat(ResultValidator.sameCell("0", null)).isFalse();
    }

    @Test
    void rowsThatTieOnTheSortKeyMayComeInAnyOrder() {
        List<List<String>> expected = List.of(List.of("9", "a"), List.of("5", "b"), List.of("5", "c"), List.of("1", "d"));
        List<List<String>> swapped = List.of(List.of("9", "a"), List.of("5", "c"), List.of("5", "b"), List.of("1", "d"));
        assertThat(ResultValidator.compare(expected, swapped, FIRST_COLUMN_DESC).ok()).isTrue();
    }

    @Test
    void rowsOutOfSortOrderAreCaught() {
        List<List<String>> expected = List.of(List.of("9", "a"), List.of("5", "b"), List.of("1", "d"));
        List<List<String>> wrong = List.of(List.of("5", "b"), List.of("9", "a"), List.of("1", "d"));
        ResultValidator.Verdict verdict = ResultValidator.compare(expected, wrong, FIRST_COLUMN_DESC);
        assertThat(verdict.ok()).isFalse();
        assertThat(verdict.detail()).isEqualTo("row 1: expected [9, a], got [5, b]");
    }

    @Test
    void missingRowsAreCaught() {
        ResultValidator.Verdict verdict = ResultValidator.compare(List.of(List.of("1")), List.of(), new int[0]);
        assertThat(verdict).isEqualTo(new ResultValidator.Verdict(false, "expected 1 rows, got 0"));
    }

    @Test
    void referenceAnswersParseTrailingDelimitersAndNull() {
        ReferenceAnswer answer = ReferenceAnswer.parse(1, "-- delimiter: |; ignoreOrder: false;\nA|1|\nB|null\n");
        assertThat(answer.rows()).hasSize(2);
        assertThat(answer.rows().get(0)).containsExactly("A", "1");
        assertThat(answer.rows().get(1)).containsExactly("B", null);
        assertThat(ReferenceAnswer.forQuery(16).rows()).hasSize(296);
    }
}
