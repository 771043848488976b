package io.tunescope.bench;

import io.tunescope.engine.Engine;
import io.tunescope.engine.Engines;
import io.tunescope.engine.Lifecycle;
import io.tunescope.engine.inprocess.ConnectionSpec;
import io.tunescope.workload.micro.PlanMode;
import io.tunescope.workload.micro.UserLoop;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import org.openjdk.jmh.infra.ThreadParams;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;

/**
 * Harness cost: the scale lab's per-operation path ({@link UserLoop#step()}: execute, drain, a counter store, and
 * on one operation in {@code sampleEvery} two clock reads and an HdrHistogram record) against a bare hand-written JDBC call on the same engine, plan
 * mode and thread count. Run with {@code scripts/scale-harness-cost.sh} (not part of {@code mvn verify}); pick
 * threads with JMH's {@code -t}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class HarnessCostBenchmark {

    @State(Scope.Thread)
    public static class User {
        @Param({"derby"})
        public String engine;

        @Param({"separate"})
        public String mode;

        /** What the lab picks for operations under 20 us; 1 shows the cost of timing every operation. */
        @Param({"16"})
        public int sampleEvery;

        Connection bareConnection;
        PreparedStatement bare;
        UserLoop harness;

        @Setup(Level.Trial)
        public void open(ThreadParams threads) throws SQLException {
            Engine e = Engines.scaleLab().where("run in this JVM", x -> x.scaleRunsAs(Lifecycle.IN_CONTROLLER))
                    .byId(engine);
            System.setProperty("derby.stream.error.file", System.getProperty("java.io.tmpdir") + "/derby-bench.log");
            ConnectionSpec spec = ConnectionSpec.inMemory(e);
            PlanMode planMode = PlanMode.parse(mode);
            int user = threads.getThreadIndex();
            bareConnection = spec.open();
            bare = bareConnection.prepareStatement(planMode.sqlFor(e.defaultStatement(), user));
            // the harness user gets its own connection and plan, so both loops do the same work per call
            harness = new UserLoop(spec.open(), planMode, e.defaultStatement(), user + 1000);
            harness.sampleLatencyEvery(sampleEvery);
        }

        @TearDown(Level.Trial)
        public void close() throws SQLException {
            if (harness.errors() > 0) {
                throw new IllegalStateException("harness recorded errors: " + harness.firstError());
            }
            bare.close();
            bareConnection.close();
            harness.close();
        }
    }

    @Benchmark
    public void bareJdbc(User u, Blackhole bh) throws SQLException {
        try (ResultSet rs = u.bare.executeQuery()) {
            while (rs.next()) {
                bh.consume(rs.getObject(1));
            }
        }
    }

    @Benchmark
    public void harness(User u) {
        u.harness.step();
    }
}
