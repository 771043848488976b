package io.tunescope.analysis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The recorded-shape experiment under src/test/resources/experiment/fixture (made by make-fixture.py): 22 queries in
 * three planted groups (Q1,Q9,Q13,Q18,Q21 / Q6,Q14,Q15,Q16,Q19,Q20,Q22 / the rest), users 1 -> 4 and worker limit
 * off -> 1 with known per-group factors, two repetitions, monitor metrics present.
 */
public final class FixtureExperiment {
    private FixtureExperiment() {
    }

    /** A fresh copy in {@code dir} (analyses write beside the cells). */
    public static Path copyTo(Path dir) {
        try {
            Path source = Path.of(FixtureExperiment.class.getResource("/experiment/fixture/summary.json").toURI())
                    .getParent();
            Path target = dir.resolve("fixture");
            try (Stream<Path> paths = Files.walk(source)) {
                for (Path p : paths.toList()) {
                    Path t = target.resolve(source.relativize(p).toString());
                    if (Files.isDirectory(p)) {
                        Files.createDirectories(t);
                    } else {
                        Files.copy(p, t);
                    }
                }
            }
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
