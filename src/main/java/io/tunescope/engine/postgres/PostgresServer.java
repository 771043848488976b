package io.tunescope.engine.postgres;

import io.tunescope.engine.CommandRunner;
import io.tunescope.engine.CpuList;
import io.tunescope.engine.PrivateServer;
import io.tunescope.engine.Processes;
import io.tunescope.engine.ServerDataCopy;
import io.tunescope.engine.ServerHomes;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * A private PostgreSQL cluster: initdb into a directory, listening on 127.0.0.1 only on a free port, with a random
 * password that lives only in this process's memory (scram-sha-256; never written to a file we keep, never printed).
 * Run as the unprivileged user {@code nobody} when we are root (PostgreSQL refuses root). {@link #close()} always
 * stops it, killing what is left if a fast shutdown fails; a {@link PostmasterWatcher} stops it when this JVM dies
 * without closing it (even {@code kill -9}). A watcher that cannot start fails the start: no server without one.
 */
public final class PostgresServer implements PrivateServer {
    public static final String DB_USER = "tunescope";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(60);
    private static final int START_ATTEMPTS = 3;
    private static final List<Consumer<PostgresServer>> START_LISTENERS = new CopyOnWriteArrayList<>();

    private final PostgresBinaries binaries;
    private final Path dataDir;
    private final List<String> asUser;
    private final String password;
    private final boolean temporaryHome;
    /** Where the caller wanted the cluster; the server log ends up here even when a temporary home was used. */
    private final Path baseDir;
    private int port;
    private long pid;
    /** The CPUs the server was pinned to at its start (null: not pinned); a restart keeps them. */
    private CpuList cpus;
    private boolean stopped;
    /** Stops the server if this JVM dies without closing it (pg_ctl daemonizes the postmaster). */
    private PostmasterWatcher watcher;

    private PostgresServer(PostgresBinaries binaries, Path dataDir, List<String> asUser, String password,
                           boolean temporaryHome, Path baseDir) {
        this.temporaryHome = temporaryHome;
        this.baseDir = baseDir;
        this.binaries = binaries;
        this.dataDir = dataDir;
        this.asUser = asUser;
        this.password = password;
    }

    /**
     * Creates and starts a cluster in {@code baseDir/pgdata} (or in a temporary directory when the unprivileged user
     * cannot reach {@code baseDir}), pinned to {@code cpus} when given, with {@code settings} added to its config.
     */
    public static PostgresServer start(PostgresBinaries binaries, Path baseDir, CpuList cpus, List<String> settings)
            throws IOException, InterruptedException {
        return launch(binaries, baseDir, cpus, settings, null);
    }

    /**
     * As {@link #start}, but the data directory is {@code copy}'s copy of a cleanly stopped cluster instead of a new
     * one: its data are there already. The cluster gets this server's own random password (in single-user mode,
     * before it listens), port, socket directory and settings; the copy's configuration block is replaced.
     */
    public static PostgresServer startFromCopy(PostgresBinaries binaries, Path baseDir, CpuList cpus,
                                               List<String> settings, ServerDataCopy copy)
            throws IOException, InterruptedException {
        return launch(binaries, baseDir, cpus, settings, java.util.Objects.requireNonNull(copy, "copy"));
    }

    /** The server version these binaries run, as {@code postgres --version} says it. */
    public static String version(PostgresBinaries binaries) throws IOException, InterruptedException {
        return PostgresDataDir.version(binaries);
    }

    private static PostgresServer launch(PostgresBinaries binaries, Path baseDir, CpuList cpus, List<String> settings,
                                         ServerDataCopy copy) throws IOException, InterruptedException {
        // absolute: pg_ctl and the server resolve the data directory and the socket's lock file from their own cwd
        baseDir = baseDir.toAbsolutePath();
        boolean root = ServerHomes.isRoot();
        List<String> asUser = root ? List.of("runuser", "-u", ServerHomes.UNPRIVILEGED_USER, "--") : List.of();
        boolean temporary = root && !ServerHomes.reachableByUnprivilegedUser(baseDir);
        Path home = temporary ? Files.createTempDirectory("tunescope-pg", PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwxr-xr-x"))) : baseDir;
        Files.createDirectories(home);
        PostgresServer server = new PostgresServer(binaries, home.resolve("pgdata"), asUser, ServerHomes.newPassword(), temporary,
                baseDir);
        try {
            if (copy == null) {
                server.initdb(home, root);
            } else {
                server.copyFrom(copy, home, root);
            }
            PostgresDataDir.configure(server.dataDir, settings);
            server.startWithFreePort(cpus);
            server.watcher = PostmasterWatcher.start(asUser, binaries.pgCtl(), server.dataDir,
                    server.dataDir.resolveSibling("postgres.log"));
            START_LISTENERS.forEach(listener -> listener.accept(server));
            return server;
        } catch (IOException | InterruptedException | RuntimeException e) {
            server.abandon();
            throw e;
        }
    }

    private void copyFrom(ServerDataCopy copy, Path home, boolean root) throws IOException, InterruptedException {
        copy.copyInto(dataDir);
        Files.deleteIfExists(dataDir.resolve("postmaster.pid"));
        if (root) {
            ServerHomes.chownToUnprivileged(home);
        }
        PostgresDataDir.setPassword(asUser, binaries, dataDir, password);
    }

    /** A listener's registration; closing it stops the listener being told. */
    public interface Registration extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * Tells {@code listener} of every server this JVM starts, once it accepts connections, until the registration is
     * closed. Fault-injection and secret-leak tests use it to reach a server a command started (its pids, its
     * secret); nothing in the tool itself listens.
     */
    public static Registration onStart(Consumer<PostgresServer> listener) {
        START_LISTENERS.add(listener);
        return () -> START_LISTENERS.remove(listener);
    }

    /** After a failed start: kill whatever did start and remove a temporary home (its log is kept). */
    private void abandon() throws IOException {
        killLeftovers();
        stopped = true;
        endWatcher();
        if (temporaryHome) {
            keepLogAndDeleteTemporaryHome();
        }
    }

    private void initdb(Path home, boolean root) throws IOException, InterruptedException {
        Path pwfile = home.resolve("pwfile");
        Files.createFile(pwfile, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try {
            Files.writeString(pwfile, password, StandardCharsets.UTF_8, StandardOpenOption.TRUNCATE_EXISTING);
            if (root) {
                ServerHomes.chownToUnprivileged(home);
            }
            CommandRunner.Outcome init = CommandRunner.run(CommandRunner.concat(asUser, List.of(
                    binaries.initdb().toString(), "-D", dataDir.toString(), "-U", DB_USER, "--pwfile=" + pwfile,
                    "-A", "scram-sha-256", "-E", "UTF8", "--locale=C", "-N")), START_TIMEOUT);
            if (!init.ok()) {
                throw new IOException("initdb failed (exit " + init.exitCode() + "): " + init.tail());
            }
        } finally {
            Files.deleteIfExists(pwfile);
        }
    }

    private void startWithFreePort(CpuList pinTo) throws IOException, InterruptedException {
        this.cpus = pinTo;
        CommandRunner.Outcome outcome = null;
        for (int attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
            port = ServerHomes.freePort();
            List<String> start = CommandRunner.concat(asUser, List.of(binaries.pgCtl().toString(), "-D",
                    dataDir.toString(), "-l", dataDir.resolveSibling("postgres.log").toString(), "-w", "-t",
                    String.valueOf(START_TIMEOUT.toSeconds()), "-o", "-p " + port, "start"));
            outcome = CommandRunner.run(cpus == null ? start : CommandRunner.concat(cpus.tasksetPrefix(), start),
                    START_TIMEOUT.plusSeconds(10));
            Optional<Long> postmaster = PostgresFiles.postmasterPid(dataDir);
            if (outcome.ok() && postmaster.isPresent()) {
                pid = postmaster.get();
                return;
            }
            killLeftovers();
        }
        stopped = true;
        Path log = dataDir.resolveSibling("postgres.log");
        throw new IOException("PostgreSQL did not start (pg_ctl exit " + outcome.exitCode() + "): "
                + PostgresFiles.serverReason(log).orElse(outcome.tail()) + "; see " + log);
    }

    /**
     * Restarts the server (fast shutdown, then a start on the same port) so that restart-only settings take effect;
     * the watcher stays, since it stops whatever postmaster runs on the data directory. When the server does not come
     * back (a setting it refuses, memory it cannot get) it is left stopped, whatever started is killed, and this
     * throws with the server's own words from the log of this restart.
     */
    public synchronized void restart() throws IOException, InterruptedException {
        Path log = dataDir.resolveSibling("postgres.log");
        long logOffset = Files.exists(log) ? Files.size(log) : 0;
        List<String> restart = CommandRunner.concat(asUser, List.of(
                binaries.pgCtl().toString(), "-D", dataDir.toString(), "-l", log.toString(), "-m", "fast", "-w",
                "-t", String.valueOf(START_TIMEOUT.toSeconds()), "-o", "-p " + port, "restart"));
        CommandRunner.Outcome outcome = CommandRunner.run(
                cpus == null ? restart : CommandRunner.concat(cpus.tasksetPrefix(), restart),
                START_TIMEOUT.plusSeconds(STOP_TIMEOUT.toSeconds() + 10));
        Optional<Long> postmaster = PostgresFiles.postmasterPid(dataDir);
        if (outcome.ok() && postmaster.isPresent() && Processes.isRunning(postmaster.get())) {
            pid = postmaster.get();
            return;
        }
        pid = 0;
        killLeftovers();
        throw new IOException("PostgreSQL did not restart (pg_ctl exit " + outcome.exitCode() + "): "
                + PostgresFiles.serverReason(log, logOffset).orElse(outcome.tail()));
    }

    /** Starts the server again after a failed {@link #restart()} (with the configuration now in its files). */
    public synchronized void startAgain() throws IOException, InterruptedException {
        if (stopped) {
            throw new IllegalStateException("the server was closed");
        }
        if (pid != 0 && Processes.isRunning(pid)) {
            return;
        }
        try {
            startWithFreePort(cpus);
        } catch (IOException | InterruptedException e) {
            endWatcher();
            throw e;
        }
    }

    /** Whether the postmaster is running. */
    public boolean isRunning() {
        return !stopped && pid != 0 && Processes.isRunning(pid);
    }

    /** A new connection to the server as its superuser. */
    public java.sql.Connection connect() throws java.sql.SQLException {
        java.util.Properties props = new java.util.Properties();
        props.setProperty("user", DB_USER);
        props.setProperty("password", password);
        return java.sql.DriverManager.getConnection(jdbcUrl(), props);
    }

    public String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/postgres";
    }

    public String user() {
        return DB_USER;
    }

    /** The instance's password: pass it on only through process memory or a child's environment. */
    public String password() {
        return password;
    }

    public int port() {
        return port;
    }

    /** The postmaster's process id. */
    public long pid() {
        return pid;
    }

    public Path dataDir() {
        return dataDir;
    }

    /** The postmaster and every process it started (backends, parallel workers, background workers). */
    public List<Long> processIds() {
        List<Long> pids = new ArrayList<>();
        ProcessHandle.of(pid).ifPresent(p -> {
            pids.add(p.pid());
            p.descendants().forEach(d -> pids.add(d.pid()));
        });
        return pids;
    }

    /**
     * Stops the server with a fast shutdown and kills whatever is left. A thread interrupted while waiting for the
     * shutdown kills at once and keeps its interrupt status: close never leaves a server running, and it does not
     * throw {@link InterruptedException}, which try-with-resources would otherwise let mask the body's own failure.
     */
    @Override
    public synchronized void close() throws IOException {
        if (stopped) {
            return;
        }
        stopWithFastShutdown();
        if (temporaryHome) {
            keepLogAndDeleteTemporaryHome();
        }
    }

    /**
     * Stops the server with a fast shutdown (which ends with a shutdown checkpoint) and moves its data directory to
     * {@code destination}, for copies ({@link #startFromCopy}); throws, with nothing left running and nothing moved,
     * when the shutdown was not clean (a copy would then need crash recovery).
     */
    @Override
    public synchronized void stopKeepingData(Path destination) throws IOException {
        if (stopped) {
            throw new IOException("the server is stopped already: its data directory may not be clean");
        }
        try {
            boolean clean = stopWithFastShutdown() && PostgresDataDir.cleanlyStopped(binaries, dataDir);
            if (!clean) {
                throw new IOException("PostgreSQL did not shut down cleanly; its data directory " + dataDir
                        + " is not kept for reuse");
            }
            CommandRunner.Outcome move = CommandRunner.run(List.of("mv", "-T", dataDir.toString(),
                    destination.toString()), STOP_TIMEOUT);
            if (!move.ok()) {
                throw new IOException("cannot move " + dataDir + " to " + destination + ": " + move.tail());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while keeping the data directory of " + dataDir, e);
        } finally {
            if (temporaryHome) {
                keepLogAndDeleteTemporaryHome();
            }
        }
    }

    /** Fast shutdown, then kill whatever is left; whether the fast shutdown finished by itself. */
    private boolean stopWithFastShutdown() {
        stopped = true;
        boolean fastShutdownDone;
        try {
            fastShutdownDone = CommandRunner.run(CommandRunner.concat(asUser, List.of(binaries.pgCtl().toString(),
                    "-D", dataDir.toString(), "-m", "fast", "-w", "-t", String.valueOf(STOP_TIMEOUT.toSeconds()),
                    "stop")), STOP_TIMEOUT.plusSeconds(10)).ok();
        } catch (InterruptedException | IOException e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            fastShutdownDone = false;
        }
        if (!fastShutdownDone || Processes.isRunning(pid)) {
            killLeftovers();
        }
        Postmasters.killNewcomer(pid, dataDir);
        endWatcher();
        return fastShutdownDone;
    }

    /** Once the server is stopped: the watcher exits without stopping anything. */
    private void endWatcher() {
        if (watcher != null) {
            watcher.close();
            watcher = null;
        }
    }

    /** The watcher's process, while the server runs: tests check it is gone after {@link #close()}. */
    Optional<ProcessHandle> watcherProcess() {
        return Optional.ofNullable(watcher).map(PostmasterWatcher::handle);
    }

    private void keepLogAndDeleteTemporaryHome() throws IOException {
        Path log = dataDir.resolveSibling("postgres.log");
        if (Files.exists(log)) {
            Files.createDirectories(baseDir);
            Files.copy(log, baseDir.resolve("postgres.log"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        ServerHomes.deleteRecursively(dataDir.getParent());
    }

    /** Removes the cluster's data files (after {@link #close()}); the server log beside them stays. */
    public void deleteData() throws IOException {
        ServerHomes.deleteRecursively(dataDir);
    }

    private void killLeftovers() {
        Postmasters.kill(pid, dataDir);
    }
}
