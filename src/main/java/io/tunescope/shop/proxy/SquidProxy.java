package io.tunescope.shop.proxy;

import io.tunescope.BadInputException;
import io.tunescope.engine.ServerHomes;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The caching reverse proxy as the Active Harmony paper ran it: Squid in accelerator mode, on 127.0.0.1 and a port (a
 * free one when 0), in front of the application nodes, in the foreground ({@code -N}: one process) and dying with
 * this JVM ({@link ProcessGroupWatcher}). Run as root, Squid drops to the unprivileged user, so its directory is one
 * that user can write: {@code dir} when the user can reach it, else a private temporary directory whose log is copied
 * into {@code dir} when Squid stops. A new configuration is checked ({@code squid -k parse}) and then applied by
 * SIGHUP, which Squid reconfigures on without a restart.
 */
public final class SquidProxy extends WatchedProxy {
    /** Debian's squid. */
    public static final Path DEFAULT_BINARY = Path.of("/usr/sbin/squid");
    private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(20);
    private final Path binary;
    private final Path home;
    private final Path dir;
    private final Path config;
    private final List<Integer> nodes;
    private final String user;

    private SquidProxy(ProcessGroupWatcher watcher, Path binary, Path home, Path dir, int port, List<Integer> nodes,
                       String user) {
        super(watcher, port);
        this.binary = binary;
        this.home = home;
        this.dir = dir;
        this.config = home.resolve("squid.conf");
        this.nodes = List.copyOf(nodes);
        this.user = user;
    }

    /** Says, before anything starts, that {@code binary} is no Squid to run. */
    public static void checkBinary(Path binary) {
        if (!Files.isRegularFile(binary) || !Files.isExecutable(binary)) {
            throw BadInputException.of("proxy-bin", binary, (Files.exists(binary) ? "must be an executable file"
                    : "does not exist") + ": give squid's executable (apt-get install squid)");
        }
    }

    /**
     * Starts Squid on {@code port} (0: a free one) in front of {@code nodes}; {@code dir} keeps its configuration and
     * log.
     *
     * @throws BadInputException when the binary is missing or {@code port} is in use
     */
    public static SquidProxy start(Path binary, SquidKnobs knobs, int port, List<Integer> nodes, Path dir)
            throws IOException {
        try {
            return startOrInterrupt(binary, knobs, port, nodes, dir);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while starting squid", e);
        }
    }

    private static SquidProxy startOrInterrupt(Path binary, SquidKnobs knobs, int port, List<Integer> nodes, Path dir)
            throws IOException, InterruptedException {
        checkBinary(binary);
        int listen = port == 0 ? ProxyPorts.freePort() : ProxyPorts.checkFree(port);
        Files.createDirectories(dir);
        boolean root = ServerHomes.isRoot();
        Path home = dir.toAbsolutePath();
        if (root && !ServerHomes.reachableByUnprivilegedUser(home)) {
            home = Files.createTempDirectory("tunescope-squid-");
        }
        String user = root ? ServerHomes.UNPRIVILEGED_USER : null;
        Files.writeString(home.resolve("squid.conf"), SquidConfig.render(knobs, home, listen, nodes, user));
        if (root) {
            ServerHomes.chownToUnprivileged(home);
        }
        Path log = home.resolve("cache.log");
        // a value Squid refuses fails here, in Squid's own words, before anything runs
        run(List.of(binary.toString(), "-k", "parse", "-f", home.resolve("squid.conf").toString()),
                "accept the configuration");
        if (knobs.diskCacheMiB() > 0) {
            run(List.of(binary.toString(), "-N", "-z", "-f", home.resolve("squid.conf").toString()), "create its cache");
        }
        ProcessGroupWatcher watcher = ProcessGroupWatcher.start("squid",
                List.of(binary.toString(), "-N", "-f", home.resolve("squid.conf").toString()), home.resolve("squid.err"),
                home.equals(dir.toAbsolutePath()) ? null : home);
        SquidProxy proxy = new SquidProxy(watcher, binary, home, dir.toAbsolutePath(), listen, nodes, user);
        try {
            ProxyPorts.awaitListening("squid", listen, proxy::isAlive, log);
            return proxy;
        } catch (IOException | RuntimeException e) {
            proxy.close();
            throw e;
        }
    }

    /**
     * Applies {@code knobs} without a restart: the new text is checked by {@code squid -k parse} first (a refusal
     * throws with Squid's words and leaves the running configuration as it was), then Squid reconfigures on SIGHUP;
     * returns once it listens again.
     *
     * @throws IllegalArgumentException when the change needs a restart ({@link SquidKnobs#restartFor})
     */
    public void reload(SquidKnobs current, SquidKnobs knobs) throws IOException, InterruptedException {
        if (current.restartFor(knobs)) {
            throw new IllegalArgumentException("the disk cache's size changes only with a restart");
        }
        Path candidate = home.resolve("squid.conf.new");
        Files.writeString(candidate, SquidConfig.render(knobs, home, port(), nodes, user));
        run(List.of(binary.toString(), "-k", "parse", "-f", candidate.toString()), "accept the configuration");
        Files.move(candidate, config, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        long accepting = acceptingLines();
        Process hup = new ProcessBuilder("kill", "-HUP", Long.toString(pid())).redirectErrorStream(true).start();
        if (!hup.waitFor(5, TimeUnit.SECONDS) || hup.exitValue() != 0) {
            hup.destroyForcibly();
            throw new IOException("could not signal squid (pid " + pid() + ") to reconfigure");
        }
        long deadline = System.nanoTime() + COMMAND_TIMEOUT.toNanos();
        while (acceptingLines() <= accepting) {
            if (!isAlive() || System.nanoTime() > deadline) {
                throw new IOException("squid did not reconfigure (see " + home.resolve("cache.log") + ")");
            }
            Thread.sleep(20);
        }
        ProxyPorts.awaitListening("squid", port(), this::isAlive, home.resolve("cache.log"));
    }

    /** Squid logs this line each time it opens its port: at the start and after each reconfigure. */
    private long acceptingLines() throws IOException {
        Path log = home.resolve("cache.log");
        if (!Files.exists(log)) {
            return 0;
        }
        try (var lines = Files.lines(log, StandardCharsets.ISO_8859_1)) {
            return lines.filter(l -> l.contains("Accepting reverse-proxy HTTP Socket connections")).count();
        }
    }

    /** The cache manager's client counters now (requests and bytes, in all and from the cache). */
    public ProxyCounters counters() throws IOException {
        HttpURLConnection c = (HttpURLConnection) URI.create("http://127.0.0.1:" + port()
                + "/squid-internal-mgr/counters").toURL().openConnection();
        c.setConnectTimeout(2_000);
        c.setReadTimeout(5_000);
        try (InputStream in = c.getInputStream()) {
            return ProxyCounters.ofSquidCounters(new String(in.readAllBytes(), StandardCharsets.ISO_8859_1));
        } finally {
            c.disconnect();
        }
    }

    private static void run(List<String> command, String what) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        boolean done = p.waitFor(COMMAND_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (!done) {
            p.destroyForcibly();
            throw new IOException("squid did not " + what + " within " + COMMAND_TIMEOUT.toSeconds() + " s");
        }
        if (p.exitValue() != 0) {
            String[] lines = out.split("\n");
            throw new IOException("squid did not " + what + ": " + lines[lines.length - 1].strip());
        }
    }

    /** Where Squid's own files are: the proxy's directory, or a private temporary one (see the class comment). */
    Path home() {
        return home;
    }

    @Override
    public List<Long> pids() {
        List<Long> out = new ArrayList<>(List.of(pid()));
        ProcessHandle.of(pid()).ifPresent(p -> p.descendants().map(ProcessHandle::pid).forEach(out::add));
        return out;
    }

    /** {@code squid}, and any helper it runs ({@code squid-<pid>}). */
    @Override
    public List<Member> members() {
        List<Long> all = pids();
        List<Member> out = new ArrayList<>(List.of(new Member("squid", all.get(0))));
        all.subList(1, all.size()).forEach(p -> out.add(new Member("squid-" + p, p)));
        return out;
    }

    /** Stops Squid; a log kept in a temporary directory is copied into the proxy's directory first. */
    @Override
    public void close() {
        super.close();
        if (!home.equals(dir)) {
            try {
                for (String name : List.of("squid.conf", "cache.log", "squid.err")) {
                    if (Files.exists(home.resolve(name))) {
                        Files.copy(home.resolve(name), dir.resolve(name), StandardCopyOption.REPLACE_EXISTING);
                    }
                }
                ServerHomes.deleteRecursively(home);
            } catch (IOException e) {
                // the copies are for the record only; the proxy is stopped either way
            }
        }
    }
}
