package io.tunescope.store;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ConnectionsCsvTest {
    @Test
    void writtenByUserAndReadBack(@TempDir Path dir) throws IOException {
        Path file = ResultsDir.of(dir).tenant("t1").connections();
        ConnectionsCsv.write(file, List.of(4711L, 4712L));
        assertThat(Files.readString(file)).isEqualTo("user,serverPid\n1,4711\n2,4712\n");
        assertThat(ConnectionsCsv.read(file)).isEqualTo(Map.of(1, 4711, 2, 4712));
    }

    @Test
    void aRunWithoutTheFileHasNoConnections(@TempDir Path dir) throws IOException {
        assertThat(ConnectionsCsv.read(dir.resolve("connections.csv"))).isEmpty();
    }

    @Test
    void aBadLineIsNamed(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("connections.csv");
        Files.writeString(file, "user,serverPid\n1,4711\n2,-3\n");
        assertThatThrownBy(() -> ConnectionsCsv.read(file)).isInstanceOf(IOException.class)
                .hasMessage(file + " line 3 (2,-3) must be user,serverPid: two positive whole numbers");
        Files.writeString(file, "user,serverPid\n1,4711,9\n");
        assertThatThrownBy(() -> ConnectionsCsv.read(file)).isInstanceOf(IOException.class);
    }
}
