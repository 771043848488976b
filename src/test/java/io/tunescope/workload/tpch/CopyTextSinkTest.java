package io.tunescope.workload.tpch;

import io.trino.tpch.LineItem;
import io.trino.tpch.TpchTable;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

class CopyTextSinkTest {
    @Test
    void formatsRowsAsTheGeneratorsOwnLinesWithoutTheTrailingDelimiter() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        CopyTextSink sink = new CopyTextSink(bytes::write, () -> { });
        TpchGenerator.generate(TpchTable.LINE_ITEM, 0.01, 1, 100, sink, rows -> { });
        sink.close();
        String[] lines = bytes.toString(StandardCharsets.UTF_8).split("\n");
        int i = 0;
        for (LineItem item : TpchTable.LINE_ITEM.createGenerator(0.01, 1, 100)) {
            String expected = item.toLine();
            assertThat(normalized(lines[i++])).isEqualTo(normalized(expected.substring(0, expected.length() - 1)));
        }
        assertThat(i).isEqualTo(lines.length).isGreaterThan(500);
    }

    /** Numbers compared by value: the generator prints l_quantity as 17, we print the DECIMAL(15,2) as 17.00. */
    private static java.util.List<String> normalized(String line) {
        return java.util.Arrays.stream(line.split("\\|", -1))
                .map(f -> f.matches("-?\\d+(\\.\\d+)?") ? new java.math.BigDecimal(f).stripTrailingZeros().toPlainString() : f)
                .toList();
    }

    @Test
    void escapesTheDelimiterBackslashAndNewlines() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (CopyTextSink sink = new CopyTextSink(bytes::write, () -> { })) {
            sink.text("a|b\\c\nd");
            sink.decimalCents(-5);
            sink.decimalCents(123456);
            sink.epochDays(0);
            sink.endRow();
        }
        assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualTo("a\\|b\\\\c\\nd|-0.05|1234.56|1970-01-01\n");
    }
}
