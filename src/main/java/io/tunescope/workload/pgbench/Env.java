package io.tunescope.workload.pgbench;

import java.util.SplittableRandom;

/** One user's run-time state: its variables (slots named by {@link Variables}), its random stream, its hash seed. */
final class Env {
    Value[] vars;
    final SplittableRandom random;
    final long defaultSeed;

    Env(int slots, SplittableRandom random, long defaultSeed) {
        this.vars = new Value[slots];
        for (int i = 0; i < slots; i++) {
            vars[i] = new Value();
        }
        this.random = random;
        this.defaultSeed = defaultSeed;
    }

    /** Grows the variables to {@code slots}: a {@code \gset} column may name one no script mentions. */
    void ensure(int slots) {
        if (slots <= vars.length) {
            return;
        }
        Value[] grown = java.util.Arrays.copyOf(vars, slots);
        for (int i = vars.length; i < slots; i++) {
            grown[i] = new Value();
        }
        vars = grown;
    }
}
