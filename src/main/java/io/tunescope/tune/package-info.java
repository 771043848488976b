/**
 * The engine-independent tuner.
 *
 * <ul>
 *   <li>{@code space}: knobs ({@link io.tunescope.tune.space.IntParam}, {@link io.tunescope.tune.space.RealParam},
 *       {@link io.tunescope.tune.space.EnumParam}), constraints and the unit-cube view strategies work on;</li>
 *   <li>{@code strategy}: Nelder-Mead (the Active Harmony baseline), Parallel Rank Order, random, Latin hypercube,
 *       Gaussian-process Bayesian optimisation and a bandit over Nelder-Mead and the process;</li>
 *   <li>{@code session}: the ask/tell API ({@link io.tunescope.tune.session.TuningSession}) with its layers (cache,
 *       repeats, failures, constraints), the durable journal and {@code best.json};</li>
 *   <li>{@code command}: tuning an external command from a {@code TUNING.yaml} ({@code tunescope tune});</li>
 *   <li>{@code importance}: parameter ranking by functional ANOVA on a surrogate;</li>
 *   <li>{@code bench}: the synthetic test functions and {@code tunescope tune-bench}.</li>
 * </ul>
 */
package io.tunescope.tune;
