package io.tunescope.shop.proxy;

import io.tunescope.BadInputException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The caching reverse proxy: nginx with a generated configuration, started on 127.0.0.1 and a port (a free one
 * when 0), in front of the application nodes; it dies with this JVM, master and workers ({@link ProcessGroupWatcher}).
 */
public final class NginxProxy extends WatchedProxy {
    /** Debian's nginx (nginx-light and its siblings). */
    public static final Path DEFAULT_BINARY = Path.of("/usr/sbin/nginx");

    private NginxProxy(ProcessGroupWatcher watcher, int port) {
        super(watcher, port);
    }

    /**
     * Writes {@code config} (the file's path) for the nodes' ports and starts nginx on {@code port} (0: a free
     * one); {@code dir} holds its cache, temporary files and pid file, {@code log} its error log.
     *
     * @throws BadInputException when {@code port} is already in use
     */
    public static NginxProxy start(Path binary, ProxyKnobs knobs, int port, List<Integer> nodes, Path dir,
                                   Path config, Path log) throws IOException {
        checkBinary(binary);
        int listen = port == 0 ? ProxyPorts.freePort() : ProxyPorts.checkFree(port);
        Files.createDirectories(dir.resolve("temp"));
        Files.createDirectories(config.getParent());
        Files.createDirectories(log.getParent());
        boolean root = "root".equals(System.getProperty("user.name"));
        Files.writeString(config, NginxConfig.render(knobs, dir.toAbsolutePath(), listen, nodes, root));
        ProcessGroupWatcher watcher = ProcessGroupWatcher.start("nginx", List.of(binary.toString(), "-p",
                dir.toAbsolutePath().toString(), "-c", config.toAbsolutePath().toString(), "-e",
                log.toAbsolutePath().toString()), log, null);
        NginxProxy proxy = new NginxProxy(watcher, listen);
        try {
            proxy.awaitListening(log);
            return proxy;
        } catch (IOException | RuntimeException e) {
            proxy.close();
            throw e;
        }
    }

    private void awaitListening(Path log) throws IOException {
        ProxyPorts.awaitListening("nginx", port(), this::isAlive, log);
    }

    /**
     * Bad input unless {@code binary} is an nginx executable: it exists, may be run, and {@code -v} names nginx.
     * Checked before any tier starts, so a missing or wrong proxy costs no database start and no population.
     */
    public static void checkBinary(Path binary) {
        if (!Files.isRegularFile(binary) || !Files.isExecutable(binary)) {
            throw BadInputException.of("proxy-bin", binary, (Files.exists(binary) ? "must be an executable file"
                    : "does not exist") + ": give nginx's executable (apt-get install nginx-light)");
        }
        String version;
        try {
            Process p = new ProcessBuilder(binary.toString(), "-v").redirectErrorStream(true)
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
            byte[] out = p.getInputStream().readNBytes(4096);
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
            version = new String(out, StandardCharsets.UTF_8);
        } catch (IOException e) {
            version = "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while checking " + binary, e);
        }
        if (!version.contains("nginx")) {
            throw BadInputException.of("proxy-bin", binary, "is not nginx (its -v does not name nginx): give "
                    + "nginx's executable (apt-get install nginx-light)");
        }
    }

    /**
     * Returns {@code port} if nothing listens on it on 127.0.0.1.
     *
     * @throws BadInputException when it is out of range or in use
     */
    public static int checkFree(int port) throws IOException {
        return ProxyPorts.checkFree(port);
    }

    /** The master and its workers. */
    @Override
    public List<Long> pids() {
        return members().stream().map(Member::pid).toList();
    }

    /**
     * The master, then its children (workers, cache manager, cache loader), named from their process titles:
     * {@code nginx} (the master), {@code nginx-worker1}.., {@code nginx-cache-manager}, {@code nginx-cache-loader}.
     */
    @Override
    public List<Member> members() {
        List<Member> out = new java.util.ArrayList<>(List.of(new Member("nginx", pid())));
        int[] workers = {0};
        ProcessHandle.of(pid()).ifPresent(m -> m.children().map(ProcessHandle::pid).sorted().forEach(child -> {
            String title = title(child);
            String role = title.replaceFirst("^nginx: ", "").replace(" process", "").trim().replace(' ', '-');
            String name = role.equals("worker") ? "nginx-worker" + ++workers[0]
                    : "nginx-" + (role.isEmpty() ? Long.toString(child) : role);
            out.add(new Member(name, child));
        }));
        return out;
    }

    /** nginx writes its role over its command line ({@code nginx: worker process}). */
    private static String title(long pid) {
        try {
            return new String(Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline")),
                    StandardCharsets.UTF_8).replace('\0', ' ').trim();
        } catch (IOException e) {
            return "";
        }
    }

    /**
     * Replaces the configuration with {@code text} (written to {@code config}) and has nginx reload it: SIGHUP to the
     * master, which checks the new text, starts new workers with it and asks the old ones to shut down gracefully;
     * they close their listening sockets, finish the requests they hold, then exit (nginx.org/en/docs/control.html,
     * "Changing Configuration"), so no request is dropped. Returns once new workers run and every process the master
     * had before has exited, or false if some had not within {@code timeout} (the new text is in force either way).
     *
     * @throws IOException when no new worker started within {@code timeout}: nginx refused the text (its error log
     *                     says why) and kept the old one, or it died
     */
    public boolean reload(Path config, String text, Duration timeout) throws IOException, InterruptedException {
        java.util.Set<Long> before = children();
        Path temp = config.resolveSibling(config.getFileName() + ".new");
        Files.writeString(temp, text);
        Files.move(temp, config, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        Process hup = new ProcessBuilder("kill", "-HUP", Long.toString(pid())).redirectErrorStream(true).start();
        if (!hup.waitFor(5, TimeUnit.SECONDS) || hup.exitValue() != 0) {
            hup.destroyForcibly();
            throw new IOException("could not signal nginx (pid " + pid() + ") to reload");
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        boolean started = false;
        while (System.nanoTime() < deadline) {
            java.util.Set<Long> now = children();
            started |= now.stream().anyMatch(c -> !before.contains(c));
            if (started && before.stream().noneMatch(now::contains)) {
                return true;
            }
            Thread.sleep(20);
        }
        if (!started) {
            throw new IOException("nginx did not reload " + config + " within " + timeout.toSeconds() + " s (see "
                    + "its error log)");
        }
        return false;
    }

    private java.util.Set<Long> children() {
        return ProcessHandle.of(pid()).map(m -> m.children().filter(ProcessHandle::isAlive).map(ProcessHandle::pid)
                .collect(java.util.stream.Collectors.toSet())).orElse(java.util.Set.of());
    }
}
