package io.tunescope.cli;

import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.util.Map;

/**
 * The default of a shared option that the command mixing it in chooses: an option declared once
 * ({@link MeasurementOption}'s {@code --duration}, {@link ThinkScaleOption}'s {@code --think-scale}) whose sensible
 * default depends on what the command measures. A command names this class as its {@code defaultValueProvider} and
 * says its defaults in {@link Source#optionDefaults}; {@code --help} shows them as {@code ${DEFAULT-VALUE}}.
 */
public final class CommandDefaults implements IDefaultValueProvider {
    /** A command that chooses the defaults of some of its shared options. */
    interface Source {
        /** Default text by option name, e.g. {@code --duration -> 60s}. */
        Map<String, String> optionDefaults();
    }

    @Override
    public String defaultValue(ArgSpec arg) {
        if (arg instanceof OptionSpec option && arg.command() != null
                && arg.command().userObject() instanceof Source source) {
            return source.optionDefaults().get(option.longestName());
        }
        return null;
    }
}
