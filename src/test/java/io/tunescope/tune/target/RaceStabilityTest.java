package io.tunescope.tune.target;

import io.tunescope.tune.session.TrialRecord;
import io.tunescope.tune.session.TuningSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static io.tunescope.tune.target.PlantedRaces.run;
import static io.tunescope.tune.target.PlantedRaces.session;
import static io.tunescope.tune.target.PlantedRaces.trialOf;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The unstable test in the racing loop on {@link PlantedRaces}: a candidate as noisy as the incumbent beside it is
 * stable though a calm noise phase would condemn it, one five times noisier is unstable, and a race cut at any
 * measurement and resumed from the journal decides the same.
 */
class RaceStabilityTest {
    @Test
    void aCandidateAsNoisyAsTheIncumbentInItsRaceIsStableAndOneFiveTimesNoisierIsNot(@TempDir Path dir)
            throws Exception {
        try (TuningSession s = session(dir, false)) {
            ProtocolLoop loop = run(s, new PlantedRaces.SliceTarget());
            assertThat(loop.noise().measurements()).isEqualTo(5);
            assertThat(loop.noise().cvPercent()).as("the calm noise phase").isLessThan(1.5);
            assertThat(trialOf(s, 0).race()).isEqualTo(TrialRecord.Race.INCUMBENT);
            assertThat(trialOf(s, 1).race()).isEqualTo(TrialRecord.Race.INDISTINGUISHABLE);
            TrialRecord equal = trialOf(s, 2);
            assertThat(equal.race()).isEqualTo(TrialRecord.Race.INDISTINGUISHABLE);
            assertThat(equal.measurements()).hasSize(6);
            assertThat(SequentialTest.unstable(SequentialTest.logs(equal.measurements()),
                    SequentialTest.logs(trialOf(s, 0).measurements()), 3, 0.95))
                    .as("judged against the noise phase it would be unstable").isTrue();
            TrialRecord noisy = trialOf(s, 3);
            assertThat(noisy.race()).isEqualTo(TrialRecord.Race.UNSTABLE);
            assertThat(noisy.measurements()).hasSize(6);
            assertThat(s.stats().unstableTrials()).isEqualTo(1L);
            assertThat(s.best().orElseThrow().isDefault()).isTrue();
        }
    }

    /** Killed at every measurement in turn and resumed: the same trials, measurements and decisions, none twice. */
    @Test
    void aRaceResumedFromTheJournalDecidesTheSame(@TempDir Path tmp) throws Exception {
        PlantedRaces.SliceTarget whole = new PlantedRaces.SliceTarget();
        List<TrialRecord> wholeHistory;
        try (TuningSession s = session(tmp.resolve("whole"), false)) {
            run(s, whole);
            wholeHistory = s.history();
        }
        assertThat(wholeHistory).extracting(TrialRecord::race).containsExactly(TrialRecord.Race.INCUMBENT,
                TrialRecord.Race.INDISTINGUISHABLE, TrialRecord.Race.INDISTINGUISHABLE, TrialRecord.Race.UNSTABLE);
        for (int dieAt = 2; dieAt <= whole.calls; dieAt++) {
            Path dir = tmp.resolve("killed-" + dieAt);
            PlantedRaces.SliceTarget killed = new PlantedRaces.SliceTarget();
            killed.dieAt = dieAt;
            try (TuningSession s = session(dir, false)) {
                assertThatThrownBy(() -> run(s, killed)).hasMessageContaining("killed");
            }
            PlantedRaces.SliceTarget resumed = new PlantedRaces.SliceTarget();
            try (TuningSession s = session(dir, true)) {
                run(s, resumed);
                assertThat(resumed.calls).as("measured after a kill at " + dieAt).isEqualTo(whole.calls - dieAt + 1);
                assertThat(s.history()).hasSize(4);
                for (int i = 0; i < 4; i++) {
                    assertThat(s.history().get(i).config()).isEqualTo(wholeHistory.get(i).config());
                    assertThat(s.history().get(i).measurements()).isEqualTo(wholeHistory.get(i).measurements());
                    assertThat(s.history().get(i).race()).as("killed at " + dieAt)
                            .isEqualTo(wholeHistory.get(i).race());
                }
            }
        }
    }
}
