package io.tunescope.shop.proxy;

import io.tunescope.BadInputException;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The caching reverse proxy: nginx with a generated configuration, started on 127.0.0.1 and a port (a free one
 * when 0), in front of the application nodes. A small shell started by this JVM runs nginx in a session of its own
 * and holds a pipe from this JVM: a line on it ({@link #close()}) or its end of file (this JVM died, even by
 * {@code kill -9}) makes the shell stop nginx's whole process group, master and workers (SIGTERM, then SIGKILL
 * after 5 s). The idea of engine/postgres/PostmasterWatcher.
 */
public final class NginxProxy implements AutoCloseable {
    /** Debian's nginx (nginx-light and its siblings). */
    public static final Path DEFAULT_BINARY = Path.of("/usr/sbin/nginx");
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(20);

    /**
     * Ignores the terminal's SIGINT/SIGHUP (the pipe is what counts), starts nginx in a session of its own (so its
     * pid is its process group), says its pid, waits for a line or end of file on stdin, then stops the group.
     */
    static final String SCRIPT = "trap '' INT HUP\n"
            + "setsid \"$1\" -p \"$2\" -c \"$3\" -e \"$4\" </dev/null >/dev/null 2>>\"$4\" &\n"
            + "pid=$!\n"
            + "echo \"$pid\"\n"
            + "exec >/dev/null\n"
            + "read -r _\n"
            + "kill -TERM -\"$pid\" 2>/dev/null\n"
            + "n=0\n"
            + "while kill -0 -\"$pid\" 2>/dev/null && [ \"$n\" -lt 50 ]; do sleep 0.1; n=$((n+1)); done\n"
            + "kill -KILL -\"$pid\" 2>/dev/null\n"
            + "wait\n";

    private final Process watcher;
    private final long pid;
    private final int port;

    private NginxProxy(Process watcher, long pid, int port) {
        this.watcher = watcher;
        this.pid = pid;
        this.port = port;
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
        int listen = port == 0 ? freePort() : checkFree(port);
        Files.createDirectories(dir.resolve("temp"));
        Files.createDirectories(config.getParent());
        Files.createDirectories(log.getParent());
        boolean root = "root".equals(System.getProperty("user.name"));
        Files.writeString(config, NginxConfig.render(knobs, dir.toAbsolutePath(), listen, nodes, root));
        Process watcher = new ProcessBuilder("/bin/sh", "-c", SCRIPT, "tunescope-nginx-watcher", binary.toString(),
                dir.toAbsolutePath().toString(), config.toAbsolutePath().toString(), log.toAbsolutePath().toString())
                .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        long pid;
        try {
            String first = new BufferedReader(new InputStreamReader(watcher.getInputStream(), StandardCharsets.UTF_8))
                    .readLine();
            pid = Long.parseLong(String.valueOf(first).trim());
        } catch (IOException | NumberFormatException e) {
            watcher.destroyForcibly();
            throw new IOException("the proxy's watcher did not start (see " + log + ")", e);
        }
        NginxProxy proxy = new NginxProxy(watcher, pid, listen);
        try {
            proxy.awaitListening(log);
            return proxy;
        } catch (IOException | RuntimeException e) {
            proxy.close();
            throw e;
        }
    }

    private void awaitListening(Path log) throws IOException {
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!isAlive()) {
                throw new IOException("nginx exited at start: " + lastLine(log) + " (see " + log + ")");
            }
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
                return;
            } catch (IOException e) {
                sleep(50);
            }
        }
        throw new IOException("nginx did not listen on 127.0.0.1:" + port + " within " + READY_TIMEOUT.toSeconds()
                + " s (see " + log + ")");
    }

    private static void sleep(long millis) throws IOException {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for nginx", e);
        }
    }

    private static String lastLine(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return lines.isEmpty() ? "(no message)" : lines.get(lines.size() - 1);
        } catch (IOException e) {
            return "(no log)";
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
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
        if (port < 1 || port > 65_535) {
            throw BadInputException.of("proxy-port", port, "must be from 1 to 65535, or 0 for a free port");
        }
        try (ServerSocket s = new ServerSocket()) {
            s.setReuseAddress(true);
            s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1);
            return port;
        } catch (java.net.BindException e) {
            throw BadInputException.of("proxy-port", port, "is already in use on 127.0.0.1: pick another, or 0 "
                    + "for a free one");
        }
    }

    public int port() {
        return port;
    }

    /** The nginx master process. */
    public long pid() {
        return pid;
    }

    /** The master and its workers. */
    public List<Long> pids() {
        return members().stream().map(Member::pid).toList();
    }

    /**
     * One process of nginx and what it is: {@code nginx} (the master), {@code nginx-worker1}..,
     * {@code nginx-cache-manager}, {@code nginx-cache-loader}.
     */
    public record Member(String name, long pid) {
    }

    /** The master, then its children (workers, cache manager, cache loader), named from their process titles. */
    public List<Member> members() {
        List<Member> out = new java.util.ArrayList<>(List.of(new Member("nginx", pid)));
        int[] workers = {0};
        ProcessHandle.of(pid).ifPresent(m -> m.children().map(ProcessHandle::pid).sorted().forEach(child -> {
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
        Process hup = new ProcessBuilder("kill", "-HUP", Long.toString(pid)).redirectErrorStream(true).start();
        if (!hup.waitFor(5, TimeUnit.SECONDS) || hup.exitValue() != 0) {
            hup.destroyForcibly();
            throw new IOException("could not signal nginx (pid " + pid + ") to reload");
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
        return ProcessHandle.of(pid).map(m -> m.children().filter(ProcessHandle::isAlive).map(ProcessHandle::pid)
                .collect(java.util.stream.Collectors.toSet())).orElse(java.util.Set.of());
    }

    public boolean isAlive() {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + port + "/shop/";
    }

    /** Has the watcher stop nginx, and waits for that (at most 10 s). */
    @Override
    public void close() {
        try (OutputStream in = watcher.getOutputStream()) {
            in.write('\n');
        } catch (IOException e) {
            // the watcher is gone or reads end of file: it stops nginx either way
        }
        try {
            if (!watcher.waitFor(10, TimeUnit.SECONDS)) {
                watcher.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            watcher.destroyForcibly();
        }
        // the watcher could not stop it (killed, or too slow): only a process that is still this nginx
        ProcessHandle.of(pid).filter(p -> p.info().commandLine().orElse("").contains("nginx")).ifPresent(p -> {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        });
    }
}
