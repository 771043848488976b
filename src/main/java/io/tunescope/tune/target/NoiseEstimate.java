package io.tunescope.tune.target;

import com.fasterxml.jackson.annotation.JsonIgnore;

import java.util.List;

/**
 * The objective's noise as the default configuration's repeated measurements show it: how many, their mean, the
 * coefficient of variation in percent, the standard deviation of the log values (what the racing arithmetic uses),
 * and the drift: the least-squares slope over the measurements' order, in percent of the mean per measurement.
 */
public record NoiseEstimate(int measurements, double mean, double cvPercent, @JsonIgnore double logSd,
                            double driftPercentPerMeasurement) {

    /** The estimate from {@code values} in the order they were measured (at least two, all above 0 for logSd). */
    public static NoiseEstimate of(List<Double> values) {
        int n = values.size();
        double mean = SequentialTest.mean(values);
        double sd = Math.sqrt(SequentialTest.variance(values, mean));
        List<Double> logs = values.stream().filter(v -> v > 0).map(Math::log).toList();
        double logSd = logs.size() == n ? Math.sqrt(SequentialTest.variance(logs, SequentialTest.mean(logs)))
                : sd / Math.abs(mean);
        double slope = 0;
        if (n >= 2) {
            double xMean = (n - 1) / 2.0;
            double sxy = 0;
            double sxx = 0;
            for (int i = 0; i < n; i++) {
                sxy += (i - xMean) * (values.get(i) - mean);
                sxx += (i - xMean) * (i - xMean);
            }
            slope = sxy / sxx;
        }
        return new NoiseEstimate(n, round(mean, 4), round(100 * sd / Math.abs(mean), 2), logSd,
                round(100 * slope / Math.abs(mean), 2));
    }

    private static double round(double v, int digits) {
        double f = Math.pow(10, digits);
        return Math.round(v * f) / f;
    }
}
