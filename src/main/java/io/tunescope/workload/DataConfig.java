package io.tunescope.workload;

import io.tunescope.BadInputException;
import io.tunescope.workload.tpch.ReferenceAnswer;
import io.tunescope.workload.tpch.TpchLoader;

/**
 * The TPC-H data of every tenant: its scale factor, whether tunescope generates and loads it (with how many
 * threads), and whether each query runs with the validation parameters and is checked against the reference answers.
 * Checked when built; the validation rule lives here because the reference answers exist at one scale factor only.
 * {@code dataCache} is the directory of prepared copies ({@code store.DataCache}): with it, an engine that can copy a
 * prepared database (DuckDB) generates its data once per scale factor and every tenant copies it; null generates and
 * loads in every tenant, as before.
 */
public record DataConfig(double scaleFactor, boolean load, int loadThreads, boolean validate, String dataCache) {
    public DataConfig(double scaleFactor, boolean load, int loadThreads, boolean validate) {
        this(scaleFactor, load, loadThreads, validate, null);
    }

    public DataConfig {
        TpchLoader.checkScaleFactor(scaleFactor);
        if (loadThreads < 1) {
            throw BadInputException.of("load-threads", loadThreads, "must be at least 1");
        }
        if (validate && Math.abs(scaleFactor - ReferenceAnswer.SCALE_FACTOR) > 1e-12) {
            throw BadInputException.of("validate", "scale factor " + scaleFactor,
                    "needs scale factor 0.01: the reference answers exist only there");
        }
    }

    public DataConfig withLoad(boolean value) {
        return new DataConfig(scaleFactor, value, loadThreads, validate, dataCache);
    }

    /** The directory of prepared copies, or null to generate and load in every tenant. */
    public DataConfig withDataCache(String value) {
        return new DataConfig(scaleFactor, load, loadThreads, validate, value == null || value.isBlank() ? null : value);
    }
}
