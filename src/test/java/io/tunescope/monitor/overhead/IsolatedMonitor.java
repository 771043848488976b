package io.tunescope.monitor.overhead;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * One build of the monitor (a {@code classes} folder: this tree's {@code target/classes}, or an earlier commit's)
 * loaded in a class loader of its own, so that one benchmark run can set two builds side by side on the same target
 * process. Calls go through method handles of exact type: no boxing, so the benchmark adds no allocation of its own.
 */
public final class IsolatedMonitor {
    private final ClassLoader loader;
    private final Class<?> processClass;
    private final Object classifier;
    /** The sampler mode's name (e.g. "GATED"), or null for the build's default (builds without modes). */
    private final String mode;

    public IsolatedMonitor(Path classes) throws Exception {
        this(classes, null);
    }

    public IsolatedMonitor(Path classes, String mode) throws Exception {
        this.mode = mode == null ? null : mode.toUpperCase(java.util.Locale.ROOT);
        if (!Files.isDirectory(classes.resolve("io/tunescope/monitor"))) {
            throw new IllegalArgumentException("no monitor classes under " + classes);
        }
        List<URL> urls = new ArrayList<>();
        urls.add(classes.toUri().toURL());
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            if (entry.endsWith(".jar")) {
                urls.add(Path.of(entry).toUri().toURL());
            }
        }
        this.loader = new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
        this.processClass = loader.loadClass("io.tunescope.monitor.MonitoredProcess");
        this.classifier = loader.loadClass("io.tunescope.monitor.role.NameBasedClassifier")
                .getConstructor().newInstance();
    }

    /**
     * The build named by system property {@code name} ("after" defaults to {@code target/classes}), optionally with
     * a sampler mode after a colon: {@code after:full}, {@code after:gated}.
     */
    public static IsolatedMonitor named(String spec) throws Exception {
        int colon = spec.indexOf(':');
        String name = colon < 0 ? spec : spec.substring(0, colon);
        String mode = colon < 0 ? null : spec.substring(colon + 1);
        String dir = System.getProperty("tunescope.classes." + name, name.equals("after") ? "target/classes" : null);
        if (dir == null) {
            throw new IllegalArgumentException("set -Dtunescope.classes." + name + "=<classes folder>");
        }
        return new IsolatedMonitor(Path.of(dir), mode);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private Object modeValue() throws Exception {
        Class<? extends Enum> enumClass = (Class<? extends Enum>) loader.loadClass("io.tunescope.monitor.SamplerMode");
        return Enum.valueOf(enumClass, mode);
    }

    private List<Object> target(int pid) throws Exception {
        Constructor<?> c = processClass.getConstructor(String.class, int.class, boolean.class,
                loader.loadClass("io.tunescope.monitor.role.RoleClassifier"));
        return List.of(c.newInstance("bench", pid, false, classifier));
    }

    /** A bare sampler (package-private in the monitor) over {@code pid}'s threads, already scanned once. */
    public Sampler sampler(int pid) throws Throwable {
        Class<?> raw = loader.loadClass("io.tunescope.monitor.store.RawSampleFile");
        Object file = raw.getMethod("create", Path.class).invoke(null, (Object) null);
        Class<?> cls = loader.loadClass("io.tunescope.monitor.ThreadSampler");
        LongSupplier clock = System::nanoTime;
        Object sampler;
        if (mode == null) {
            Constructor<?> c = cls.getDeclaredConstructor(List.class, Path.class, raw, long.class, LongSupplier.class);
            c.setAccessible(true);
            sampler = c.newInstance(target(pid), Path.of("/proc"), file, System.nanoTime(), clock);
        } else {
            Constructor<?> c = cls.getDeclaredConstructor(List.class, Path.class, raw, long.class, LongSupplier.class,
                    loader.loadClass("io.tunescope.monitor.SamplerMode"));
            c.setAccessible(true);
            sampler = c.newInstance(target(pid), Path.of("/proc"), file, System.nanoTime(), clock, modeValue());
        }
        MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(cls, MethodHandles.lookup());
        MethodType generic = MethodType.methodType(void.class, Object.class, long.class);
        Sampler s = new Sampler(sampler, file,
                lookup.findVirtual(cls, "scan", MethodType.methodType(void.class, long.class)).asType(generic),
                lookup.findVirtual(cls, "sweep", MethodType.methodType(void.class, long.class, boolean.class))
                        .asType(MethodType.methodType(void.class, Object.class, long.class, boolean.class)),
                lookup.findVirtual(cls, "liveThreads", MethodType.methodType(int.class))
                        .asType(MethodType.methodType(int.class, Object.class)));
        s.scan(System.nanoTime());
        return s;
    }

    /** Starts the live monitor on {@code pid} with the default options at {@code interval}. */
    public Object start(int pid, Duration interval) throws Exception {
        Class<?> monitor = loader.loadClass("io.tunescope.monitor.ThreadMonitor");
        if (mode == null) {
            return monitor.getMethod("start", List.class, Duration.class).invoke(null, target(pid), interval);
        }
        Class<?> options = loader.loadClass("io.tunescope.monitor.MonitorOptions");
        Object o = options.getMethod("defaults", Duration.class).invoke(null, interval);
        o = options.getMethod("withSampler", loader.loadClass("io.tunescope.monitor.SamplerMode")).invoke(o,
                modeValue());
        return monitor.getMethod("start", List.class, options).invoke(null, target(pid), o);
    }

    /**
     * Stops a live monitor: {ticks, missed ticks, sampler thread CPU nanoseconds, per mille of thread-ticks whose
     * stat was read (-1 for builds that do not say)}; the recording is closed.
     */
    public static long[] stop(Object monitor) throws Exception {
        Object recording = monitor.getClass().getMethod("stop").invoke(monitor);
        try (AutoCloseable r = (AutoCloseable) recording) {
            Class<?> c = r.getClass();
            long statReads = -1;
            try {
                Object use = c.getMethod("samplerUse").invoke(r);
                long threadTicks = (long) use.getClass().getMethod("threadTicks").invoke(use);
                long reads = (long) use.getClass().getMethod("statReads").invoke(use);
                statReads = threadTicks == 0 ? -1 : 1000 * reads / threadTicks;
            } catch (NoSuchMethodException e) {
                statReads = -1; // a build from before the gated sampler
            }
            return new long[] {(long) c.getMethod("ticks").invoke(r), (long) c.getMethod("missedTicks").invoke(r),
                (long) c.getMethod("selfCpuNanos").invoke(r), statReads};
        }
    }

    /** The sampler's entry points as exact-typed handles. */
    public static final class Sampler implements AutoCloseable {
        private final Object sampler;
        private final Object rawFile;
        private final MethodHandle scan;
        private final MethodHandle sweep;
        private final MethodHandle liveThreads;

        Sampler(Object sampler, Object rawFile, MethodHandle scan, MethodHandle sweep, MethodHandle liveThreads) {
            this.sampler = sampler;
            this.rawFile = rawFile;
            this.scan = scan;
            this.sweep = sweep;
            this.liveThreads = liveThreads;
        }

        public void scan(long nowNanos) throws Throwable {
            scan.invokeExact(sampler, nowNanos);
        }

        public void sweep(long nowNanos, boolean counters) throws Throwable {
            sweep.invokeExact(sampler, nowNanos, counters);
        }

        public int liveThreads() throws Throwable {
            return (int) liveThreads.invokeExact(sampler);
        }

        @Override
        public void close() {
            try {
                ((AutoCloseable) sampler).close();
                ((AutoCloseable) rawFile).close();
            } catch (Exception e) {
                throw new IllegalStateException("closing the sampler failed", e);
            }
        }
    }

    /**
     * Starts the ground-truth child JVM with {@code extraThreads} threads that each wake every {@code sleepMillis}
     * (about 18 JVM threads come on top); the caller destroys it.
     */
    public static Process startTarget(int extraThreads, int sleepMillis) throws Exception {
        Class<?> program = io.tunescope.monitor.fidelity.SpinSleepChildAccess.programClass();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = Path.of(program.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        Process p = new ProcessBuilder(java, "-Xmx64m", "-cp", cp, program.getName(), Integer.toString(extraThreads),
                "100000000", "0", Integer.toString(sleepMillis)).redirectErrorStream(true).start();
        BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.US_ASCII));
        String line = in.readLine();
        if (line == null || !line.startsWith("READY")) {
            p.destroyForcibly();
            throw new IllegalStateException("target did not start: " + line);
        }
        p.getOutputStream().write("GO\n".getBytes(StandardCharsets.US_ASCII));
        p.getOutputStream().flush();
        return p;
    }

    public static int threadsOf(long pid) {
        String[] tids = new java.io.File("/proc/" + pid + "/task").list();
        return tids == null ? 0 : tids.length;
    }
}
