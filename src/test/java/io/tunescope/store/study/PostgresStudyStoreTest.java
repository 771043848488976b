package io.tunescope.store.study;

import io.tunescope.BadInputException;
import io.tunescope.engine.postgres.PostgresServer;
import io.tunescope.store.JournalLine;
import io.tunescope.tune.session.Direction;
import io.tunescope.tune.session.Trial;
import io.tunescope.tune.session.TuningSession;
import io.tunescope.tune.session.TuningSessionBuilder;
import io.tunescope.tune.space.IntParam;
import io.tunescope.tune.space.SearchSpace;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The PostgreSQL study store: claims, appends, read-back, abandoned claims, and several writer processes at once. */
@Timeout(120)
class PostgresStudyStoreTest {
    private static final JournalLine.Session HEADER = StudyWriterMain.HEADER;
    @TempDir
    static Path dir;
    private static PostgresServer server;

    @BeforeAll
    static void start() throws Exception {
        server = StudyServers.start(dir.resolve("pg"));
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    private static PostgresStudy study(String name) {
        return new PostgresStudy(server.jdbcUrl(), server.user(), server.password(), name);
    }

    private static JournalLine.Trial done(int trial, Map<String, Object> config) {
        return new JournalLine.Trial(trial, config, "ok", 1.0, List.of(1.0), null, false, 5);
    }

    @Test
    void claimsNumbersAppendsAndReadsBackInTrialOrder() {
        try (StudyStore s = study("roundtrip").create(HEADER)) {
            int first = s.claim(7, Map.of("x", 1), true);
            int second = s.claim(7, Map.of("x", 2), false);
            assertThat(List.of(first, second)).as("numbers come from the database, not the proposal").containsExactly(1, 2);
            assertThat(((PostgresStudyStore) s).runningTrials()).extracting(StudyStore.Claim::trial).containsExactly(1, 2);
            s.append(done(2, Map.of("x", 2)));
            assertThat(s.completedTrials()).extracting(JournalLine.Trial::trial).containsExactly(2);
            s.append(done(1, Map.of("x", 1)));
            assertThat(s.completedTrials()).extracting(JournalLine.Trial::trial).containsExactly(1, 2);
            assertThat(s.completedTrials().get(0).config()).isEqualTo(Map.of("x", 1));
            assertThat(s.header()).isEqualTo(HEADER);
            assertThatThrownBy(() -> s.append(done(2, Map.of("x", 2)))).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("trial 2").hasMessageContaining("is not running");
        }
        assertThatThrownBy(() -> study("roundtrip").create(HEADER)).isInstanceOf(BadInputException.class)
                .hasMessage("--study-name (roundtrip) already exists in " + server.jdbcUrl()
                        + "; use --resume to continue it");
        assertThatThrownBy(() -> study("roundtrip").join(new JournalLine.Session("gp", 1, "minimize", "x")))
                .isInstanceOf(BadInputException.class).hasMessageContaining("with another header");
        assertThatThrownBy(() -> study("nosuch").reopen()).isInstanceOf(BadInputException.class)
                .hasMessage("--study-name (nosuch) is not a study in " + server.jdbcUrl() + " (nothing to resume)");
    }

    @Test
    void aClaimWhoseWriterIsGoneIsTakenOverByExactlyOneResumerAndALiveWritersClaimByNone() throws Exception {
        PostgresStudyStore dead = (PostgresStudyStore) study("abandon").create(HEADER);
        dead.claim(0, Map.of("x", 1), false);
        dead.claim(0, Map.of("x", 2), true);
        dead.append(done(1, Map.of("x", 1)));
        dead.close();    // as the server sees a killed writer: its connection ends
        awaitWriterGone(dead.writer());
        try (StudyStore live = study("abandon").reopen()) {
            live.claim(0, Map.of("x", 3), false);
            try (StudyStore b = study("abandon").reopen(); StudyStore c = study("abandon").reopen()) {
                List<StudyStore.Claim> byB = b.takeOverAbandoned();
                List<StudyStore.Claim> byC = c.takeOverAbandoned();
                assertThat(byB).containsExactly(new StudyStore.Claim(2, Map.of("x", 2), true));
                assertThat(byC).as("taken over once only").isEmpty();
                assertThat(b.completedTrials()).as("an abandoned claim is no result")
                        .extracting(JournalLine.Trial::trial).containsExactly(1);
                b.append(done(2, Map.of("x", 2)));
                assertThatThrownBy(() -> c.append(done(2, Map.of("x", 2)))).isInstanceOf(IllegalStateException.class);
            }
            assertThat(live.completedTrials()).extracting(JournalLine.Trial::trial).containsExactly(1, 2);
            assertThat(((PostgresStudyStore) live).runningTrials()).extracting(StudyStore.Claim::trial)
                    .as("the live writer's trial stays its own").containsExactly(3);
        }
    }

    @Test
    void severalWriterProcessesAtOnceRecordEveryTrialExactlyOnce() throws Exception {
        int writers = 4;
        int each = 40;
        Path go = dir.resolve("go");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<Process> processes = new ArrayList<>();
        try {
            for (int w = 0; w < writers; w++) {
                ProcessBuilder pb = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                        StudyWriterMain.class.getName(), server.jdbcUrl(), server.user(), "concurrent",
                        Integer.toString(each), go.toString()).redirectErrorStream(true);
                pb.environment().put("TUNESCOPE_STUDY_PASSWORD", server.password());
                processes.add(pb.start());
            }
            Files.writeString(go, "go");
            int reported = 0;
            for (Process p : processes) {
                assertThat(p.waitFor(90, TimeUnit.SECONDS)).isTrue();
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertThat(p.exitValue()).as(out).isZero();
                assertThat(out).doesNotContain(server.password());
                reported += Integer.parseInt(out.strip().replaceAll("(?s).*appended (\\d+)$", "$1"));
            }
            assertThat(reported).isEqualTo(writers * each);
            List<Integer> numbers = new ArrayList<>();
            List<Integer> writerIds = new ArrayList<>();
            try (Connection c = StudyServers.connect(server); PreparedStatement ps = c.prepareStatement(
                    "SELECT trial, state, writer FROM " + StudySchema.TRIAL + " WHERE study = 'concurrent' ORDER BY trial")) {
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        numbers.add(rs.getInt(1));
                        assertThat(rs.getString(2)).isEqualTo("done");
                        writerIds.add(rs.getInt(3));
                    }
                }
            }
            assertThat(numbers).as("1..N, each once").isEqualTo(IntStream.rangeClosed(1, reported).boxed().toList());
            assertThat(writerIds.stream().distinct().count()).as("writers that appended").isEqualTo(writers);
            try (StudyStore s = study("concurrent").reopen()) {
                assertThat(s.completedTrials()).hasSize(reported);
            }
        } finally {
            processes.forEach(Process::destroyForcibly);
        }
    }

    @Test
    void sessionsOnOneStudyLearnEachOthersTrialsAndAResumedSessionMustMatchTheHeader() {
        SearchSpace space = SearchSpace.of(IntParam.of("a", 0, 999));
        TuningSessionBuilder builder = TuningSession.builder(space).strategy("random").seed(3)
                .direction(Direction.MAXIMIZE).study(study("sessions"));
        try (TuningSession a = builder.build(); TuningSession b = builder.resume()) {
            for (int i = 0; i < 3; i++) {
                Trial t = a.ask().orElseThrow();
                a.tell(t, t.config().values().get("a") instanceof Number n ? n.doubleValue() : 0);
            }
            assertThat(b.learnFromStudy()).as("b reads a's results").isEqualTo(3);
            assertThat(b.learnFromStudy()).as("only new ones").isZero();
            Set<String> seen = new HashSet<>();
            a.history().forEach(r -> seen.add(r.config().key()));
            Trial mine = b.ask().orElseThrow();
            assertThat(mine.number()).as("the study's next number").isEqualTo(4);
            assertThat(seen).as("the same seed proposes a's points first; b measures none again")
                    .doesNotContain(mine.config().key());
            b.tell(mine, 1.0);
            assertThat(b.completedTrials()).isEqualTo(4);
            assertThat(b.best().orElseThrow().objective()).isEqualTo(a.best().orElseThrow().objective());
        }
        try (TuningSession resumed = builder.resume()) {
            assertThat(resumed.completedTrials()).isEqualTo(4);
        }
        assertThatThrownBy(() -> TuningSession.builder(space).strategy("random").seed(4)
                .direction(Direction.MAXIMIZE).study(study("sessions")).resume())
                .isInstanceOf(BadInputException.class)
                .hasMessage("study (random/seed 3/maximize) does not match this session (random/seed 4/maximize)");
    }

    static void awaitWriterGone(int writer) throws Exception {
        StudyServers.awaitWriterGone(server, writer);
    }
}
