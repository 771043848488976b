package io.tunescope.monitor.role;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Fallback for any process: JVM internals by name, threads whose name says worker/pool/executor as workers, the
 * rest as {@code other}; the group is the thread name with its trailing number removed ({@code pool-1-thread-7}
 * becomes {@code pool-1-thread}), so a thread pool is one group.
 */
public final class NameBasedClassifier implements RoleClassifier {
    private static final Pattern TRAILING_NUMBER = Pattern.compile("[-_#: ]+\\d+$");
    private static final Pattern WORKER_WORDS = Pattern.compile("worker|pool|executor|exec|task|parallel|job");

    @Override
    public Classification classify(ThreadIdentity thread) {
        String jvmGroup = JvmThreadNames.groupOf(thread.name());
        if (jvmGroup != null) {
            return new Classification(ThreadRole.JVM, jvmGroup);
        }
        String group = groupName(thread.name());
        boolean worker = WORKER_WORDS.matcher(thread.name().toLowerCase(Locale.ROOT)).find();
        return new Classification(worker ? ThreadRole.WORKER : ThreadRole.OTHER, group);
    }

    /** The thread name without its trailing instance number; never blank. */
    public static String groupName(String name) {
        String stripped = TRAILING_NUMBER.matcher(name.trim()).replaceFirst("");
        return stripped.isBlank() ? (name.isBlank() ? "unnamed" : name.trim()) : stripped;
    }
}
