package io.tunescope.workload.micro;

import io.tunescope.store.RunEnvironment;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@link RunEnvironment} as a JSON-ready map: the shared mapper has no java.time module, so {@code capturedAt}
 * goes out as ISO-8601 text.
 */
public final class EnvironmentJson {
    private EnvironmentJson() {
    }

    public static Map<String, Object> of(RunEnvironment env) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("javaVersion", env.javaVersion());
        m.put("javaVm", env.javaVm());
        m.put("osName", env.osName());
        m.put("osVersion", env.osVersion());
        m.put("osArch", env.osArch());
        m.put("cpuCount", env.cpuCount());
        m.put("cpuModel", env.cpuModel());
        m.put("maxHeapBytes", env.maxHeapBytes());
        m.put("gitRevision", env.gitRevision());
        m.put("hostName", env.hostName());
        m.put("capturedAt", env.capturedAt().toString());
        return m;
    }
}
