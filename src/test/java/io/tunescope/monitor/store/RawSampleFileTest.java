package io.tunescope.monitor.store;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/** What goes into the columnar file comes back out, across block boundaries, with the right checkpoints. */
class RawSampleFileTest {
    record S(int slot, long ts, char state, int core, long cpu, long vol, long invol, long migr, long delay) {
    }

    @Property(tries = 25)
    void samplesRoundTrip(@ForAll @LongRange(min = 1, max = Long.MAX_VALUE / 4) long seed,
                          @ForAll @IntRange(min = 1, max = 700) int ticks,
                          @ForAll @IntRange(min = 1, max = 6) int threads) {
        Random rnd = new Random(seed);
        List<S> written = new ArrayList<>();
        long[][] counters = new long[threads][5];
        try (RawSampleFile f = RawSampleFile.create(null)) {
            long t = 1_000_000_000L + rnd.nextInt(1000);
            for (int k = 0; k < ticks; k++) {
                t += 1_000_000 + rnd.nextInt(9_000_000);
                f.beginTick(t);
                for (int slot = 0; slot < threads; slot++) {
                    if (rnd.nextInt(10) == 0) {
                        continue; // thread not sampled this tick
                    }
                    long[] v = new long[5];
                    for (int c = 0; c < 5; c++) {
                        counters[slot][c] += rnd.nextInt(3) == 0 ? 0 : rnd.nextInt(5_000_000);
                        v[c] = rnd.nextInt(4) == 0 ? -1 : counters[slot][c];
                    }
                    S s = new S(slot, t + rnd.nextInt(50_000), rnd.nextBoolean() ? 'R' : 'S', rnd.nextInt(64),
                            v[0], v[1], v[2], v[3], v[4]);
                    written.add(s);
                    f.sample(s.slot, s.ts, s.state, s.core, s.cpu, s.vol, s.invol, s.migr, s.delay);
                }
                f.endTick();
            }
            f.finish();
            List<S> read = new ArrayList<>();
            f.scan(Long.MIN_VALUE, Long.MAX_VALUE, new SampleVisitor() {
                @Override
                public void checkpoint(Map<Integer, long[]> last) {
                    assertThat(last).isEmpty();
                }

                @Override
                public void sample(int slot, long ts, char state, int core, long cpu, long vol, long invol,
                                   long migr, long delay) {
                    read.add(new S(slot, ts, state, core, cpu, vol, invol, migr, delay));
                }
            });
            assertThat(read).isEqualTo(written);
            assertThat(f.samples()).isEqualTo(written.size());
        }
    }

    @Property(tries = 10)
    void laterWindowsStartFromTheCheckpointOfTheirBlock(@ForAll @IntRange(min = 300, max = 1200) int ticks) {
        try (RawSampleFile f = RawSampleFile.create(null)) {
            for (int k = 0; k < ticks; k++) {
                f.beginTick(k * 1000L);
                f.sample(0, k * 1000L, 'R', 0, k * 10L, k, -1, 0, 2 * k);
                f.endTick();
            }
            f.finish();
            long from = (ticks - 5) * 1000L;
            long[] firstSeen = new long[] {-1};
            AtomicReference<Map<Integer, long[]>> cp = new AtomicReference<>();
            f.scan(from, from, new SampleVisitor() {
                @Override
                public void checkpoint(Map<Integer, long[]> last) {
                    cp.set(last);
                }

                @Override
                public void sample(int slot, long ts, char state, int core, long cpu, long vol, long invol,
                                   long migr, long delay) {
                    if (firstSeen[0] < 0) {
                        firstSeen[0] = ts / 1000;
                    }
                }
            });
            long blockStart = (ticks - 5) / RawSampleFile.BLOCK_TICKS * (long) RawSampleFile.BLOCK_TICKS;
            assertThat(firstSeen[0]).isEqualTo(blockStart);
            if (blockStart == 0) {
                assertThat(cp.get()).isEmpty();
            } else {
                assertThat(cp.get().get(0)).containsExactly((blockStart - 1) * 10, blockStart - 1, -1, 0,
                        2 * (blockStart - 1));
            }
        }
    }
}
