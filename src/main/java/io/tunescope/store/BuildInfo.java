package io.tunescope.store;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * tunescope's version and the git commit it was built from ("-dirty" when its tree had changes), recorded at build
 * time ({@code build.properties}, written by the build: see pom.xml), so a result names the build that made it, not
 * the revision of whatever directory the user ran it in.
 */
public record BuildInfo(String version, String commit) {

    static final String RESOURCE = "/io/tunescope/build.properties";
    static final String UNKNOWN = "unknown";

    /** This build's: read once from the jar (or target/classes). */
    public static final BuildInfo CURRENT = load();

    static BuildInfo load() {
        Properties p = new Properties();
        try (InputStream in = BuildInfo.class.getResourceAsStream(RESOURCE)) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            // an unreadable resource leaves both unknown: results still get written
        }
        return new BuildInfo(filled(p.getProperty("version")), filled(p.getProperty("commit")));
    }

    /** A value the build wrote, or "unknown" for a missing one or a placeholder left as written. */
    static String filled(String value) {
        return value == null || value.isBlank() || value.contains("${") ? UNKNOWN : value.trim();
    }
}
