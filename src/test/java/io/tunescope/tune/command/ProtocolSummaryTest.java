package io.tunescope.tune.command;

import io.tunescope.store.TuningProtocol;
import io.tunescope.tune.session.TuningSession;
import io.tunescope.tune.target.PlantedRaces;
import io.tunescope.tune.target.ProtocolLoop;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** summary.json's unstable configurations: each with the spread it was judged against, read from the journal. */
class ProtocolSummaryTest {
    @Test
    void anUnstableConfigurationNamesTheIncumbentsSpreadInItsRace(@TempDir Path dir) throws Exception {
        try (TuningSession s = PlantedRaces.session(dir, false)) {
            ProtocolLoop loop = PlantedRaces.run(s, new PlantedRaces.SliceTarget());
            TuningProtocol p = ProtocolSummary.of(PlantedRaces.FIXED, s, loop, null, 4);
            assertThat(p.unstable()).hasSize(1);
            TuningProtocol.Unstable u = p.unstable().get(0);
            assertThat(u.trial()).isEqualTo(PlantedRaces.trialOf(s, 3).trial());
            assertThat(u.reference()).isEqualTo("incumbentInRace");
            // the default in x=3's race: 100 · exp(0.1 · (1, -1, 0.5, -0.5, 0)), a coefficient of variation of 7.9 %
            assertThat(u.referenceCvPercent()).isCloseTo(7.9, within(0.2));
            assertThat(u.defaultCvPercent()).as("the calm noise phase").isLessThan(1.5);
            assertThat(u.cvPercent()).isGreaterThan(4 * u.referenceCvPercent());
            // as a resumed session writes it, without the loop that ran the race
            assertThat(ProtocolSummary.of(PlantedRaces.FIXED, s, null, null, 4).unstable()).containsExactly(u);
        }
    }
}
