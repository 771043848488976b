package io.tunescope.cli;

import picocli.CommandLine;

/** Reports the jar's implementation version (or "dev" when run from classes). */
final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        String version = Main.class.getPackage().getImplementationVersion();
        return new String[] {"tunescope " + (version == null ? "dev" : version),
                "Java " + System.getProperty("java.version") + " on " + System.getProperty("os.name")};
    }
}
