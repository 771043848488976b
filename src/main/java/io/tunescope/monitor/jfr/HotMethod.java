package io.tunescope.monitor.jfr;

/**
 * A method where the sampled threads were on CPU ({@code jdk.ExecutionSample}, top frame): how many samples, their
 * share of all samples of those threads, and the method that most often called it. Contention that takes no lock,
 * such as a compare-and-set retry loop, shows here and not among the monitors and parks.
 */
public record HotMethod(String method, String topCaller, long samples, double share) {
}
