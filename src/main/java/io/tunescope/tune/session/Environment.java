package io.tunescope.tune.session;

import io.tunescope.store.RunEnvironment;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@link RunEnvironment#capture()} as a plain map for summaries: the shared JSON mapper has no java.time module,
 * so the capture instant is written as ISO-8601 text here.
 */
public final class Environment {
    private Environment() {
    }

    public static Map<String, Object> capture() {
        RunEnvironment e = RunEnvironment.capture();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("javaVersion", e.javaVersion());
        m.put("javaVm", e.javaVm());
        m.put("osName", e.osName());
        m.put("osVersion", e.osVersion());
        m.put("osArch", e.osArch());
        m.put("cpuCount", e.cpuCount());
        m.put("cpuModel", e.cpuModel());
        m.put("maxHeapBytes", e.maxHeapBytes());
        m.put("gitRevision", e.gitRevision());
        m.put("hostName", e.hostName());
        m.put("capturedAt", e.capturedAt().toString());
        return m;
    }
}
