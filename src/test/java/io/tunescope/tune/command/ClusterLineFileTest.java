package io.tunescope.tune.command;

import io.tunescope.BadInputException;
import io.tunescope.store.Json;
import io.tunescope.tune.cluster.lines.ClusterLineFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The line file the controller writes is the file the line's tuner process reads, key for key. */
class ClusterLineFileTest {
    @Test
    void whatTheControllerWritesTheLineProcessReads(@TempDir Path dir) throws Exception {
        Path cluster = Files.writeString(dir.resolve("cluster.yaml"), "cluster: {}\n");
        Path file = dir.resolve("lines").resolve("cmp-0.yaml");
        new ClusterLineFile(cluster.toString(), "line2", "cmp-7", 12, "nelder-mead", 43, 90).write(file);
        assertThat(Json.MAPPER.readTree(file.toFile()).get("clusterLine").get("roundTimeoutSeconds").asLong())
                .isEqualTo(90);
        assertThat(ClusterLineTuner.isLineFile(file)).isTrue();
        ClusterLineTuner.LineFile read = ClusterLineTuner.read(file);
        assertThat(read.clusterFile()).isEqualTo(cluster.toAbsolutePath());
        assertThat(read.line()).isEqualTo("line2");
        assertThat(read.comparison()).isEqualTo("cmp-7");
        assertThat(read.trials()).isEqualTo(12);
        assertThat(read.strategy()).isEqualTo("nelder-mead");
        assertThat(read.seed()).isEqualTo(43);
        assertThat(read.roundTimeout()).isEqualTo(Duration.ofSeconds(90));
    }

    @Test
    void aLineFileWithABadValueNamesItsKey(@TempDir Path dir) throws Exception {
        Path cluster = Files.writeString(dir.resolve("cluster.yaml"), "cluster: {}\n");
        Path file = dir.resolve("line.yaml");
        new ClusterLineFile(cluster.toString(), "line1", "cmp", 0, "nelder-mead", 1, 90).write(file);
        assertThatThrownBy(() -> ClusterLineTuner.read(file)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("clusterLine.trials (0)");
    }
}
