package io.tunescope.tune.importance;

import io.tunescope.tune.session.Direction;
import io.tunescope.tune.session.Trial;
import io.tunescope.tune.session.TuningSession;
import io.tunescope.tune.space.EnumParam;
import io.tunescope.tune.space.IntParam;
import io.tunescope.tune.space.SearchSpace;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ParameterImportanceTest {
    @Test
    void ranksTheParameterThatMattersFirst() {
        SearchSpace space = SearchSpace.of(IntParam.of("noise", 0, 20), IntParam.of("threads", 0, 20),
                EnumParam.bool("flag", null));
        TuningSession s = TuningSession.builder(space).strategy("lhs").seed(3).direction(Direction.MAXIMIZE).build();
        for (int i = 0; i < 40; i++) {
            Trial t = s.ask().orElseThrow();
            long threads = (Long) t.config().get("threads");
            long noise = (Long) t.config().get("noise");
            boolean flag = (Boolean) t.config().get("flag");
            s.tell(t, 1000 - 5 * (threads - 12) * (threads - 12) + 0.01 * noise + (flag ? 20 : 0));
        }
        List<ParameterImportance.Importance> ranking = ParameterImportance.rank(space, s.history(), Direction.MAXIMIZE, 1);
        assertThat(ranking).hasSize(3);
        assertThat(ranking.get(0).parameter()).isEqualTo("threads");
        assertThat(ranking.get(0).share()).isGreaterThan(0.5);
        assertThat(ranking.get(2).parameter()).isEqualTo("noise");
    }

    @Test
    void tooFewTrialsGiveNoRanking() {
        SearchSpace space = SearchSpace.of(IntParam.of("a", 0, 3));
        TuningSession s = TuningSession.builder(space).strategy("random").build();
        Trial t = s.ask().orElseThrow();
        s.tell(t, 1);
        assertThat(ParameterImportance.rank(space, s.history(), Direction.MINIMIZE, 1)).isEmpty();
    }
}
