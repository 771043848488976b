package io.tunescope.monitor.role;

import java.util.List;
import java.util.Map;

/** Recognises the HotSpot JVM's own threads by their (15-character) kernel names. */
public final class JvmThreadNames {
    private static final List<Map.Entry<String, String>> PREFIX_GROUPS = List.of(
            Map.entry("GC Thread", "jvm-gc"), Map.entry("G1 ", "jvm-gc"), Map.entry("GC ", "jvm-gc"),
            Map.entry("ZWorker", "jvm-gc"), Map.entry("ZDirector", "jvm-gc"), Map.entry("Shenandoah", "jvm-gc"),
            Map.entry("C1 CompilerThre", "jvm-jit"), Map.entry("C2 CompilerThre", "jvm-jit"),
            Map.entry("Sweeper thread", "jvm-jit"), Map.entry("VM Thread", "jvm-vm"),
            Map.entry("VM Periodic Tas", "jvm-vm"), Map.entry("Reference Handl", "jvm-other"),
            Map.entry("Finalizer", "jvm-other"), Map.entry("Signal Dispatch", "jvm-other"),
            Map.entry("Service Thread", "jvm-other"), Map.entry("Monitor Deflati", "jvm-other"),
            Map.entry("Common-Cleaner", "jvm-other"), Map.entry("Notification Th", "jvm-other"),
            Map.entry("Attach Listener", "jvm-other"), Map.entry("process reaper", "jvm-other"),
            Map.entry("DestroyJavaVM", "jvm-other"), Map.entry("Cleaner-", "jvm-other"),
            Map.entry("JFR ", "jvm-other"));

    private JvmThreadNames() {
    }

    /** The JVM group of a thread name, or null when the name is not one of the JVM's own. */
    public static String groupOf(String name) {
        for (Map.Entry<String, String> e : PREFIX_GROUPS) {
            if (name.startsWith(e.getKey())) {
                return e.getValue();
            }
        }
        return null;
    }
}
