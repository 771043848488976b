package io.tunescope.engine.mariadb;

import io.tunescope.engine.knob.Catalogs;

import io.tunescope.engine.CommandRunner;
import io.tunescope.engine.CpuList;
import io.tunescope.engine.PrivateServer;
import io.tunescope.engine.Processes;
import io.tunescope.engine.ServerHomes;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A private MariaDB instance: {@code mariadb-install-db} into a directory, listening on 127.0.0.1 only (and on a
 * unix socket inside its data directory) on a free port, with one account whose random password lives only in this
 * process's memory: it reaches the server on the stdin of {@code mariadbd --bootstrap} and over JDBC, never in a
 * file, a log or a command line. Run as {@code nobody} when we are root ({@code --user}). {@link #close()} always
 * stops it; its {@link MariaDbSupervisor} kills it when this JVM dies without closing it (even {@code kill -9}).
 * Settings lines go into its {@code my.cnf} after tunescope's own, so they win.
 */
public final class MariaDbServer implements PrivateServer {
    public static final String DB_USER = "tunescope";
    public static final String DATABASE = "tunescope";
    static final String LOG = "mariadb.log";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(60);
    private static final int START_ATTEMPTS = 3;
    /** A unix socket path must fit in sun_path (108 bytes); a longer home is moved to a temporary directory. */
    private static final int MAX_SOCKET_PATH = 100;

    private final MariaDbBinaries binaries;
    private final Path home;
    private final Path baseDir;
    private final boolean temporaryHome;
    private final boolean root;
    private final String password = ServerHomes.newPassword();
    private int port;
    private MariaDbSupervisor supervisor;
    private boolean stopped;

    private MariaDbServer(MariaDbBinaries binaries, Path home, Path baseDir, boolean temporaryHome, boolean root) {
        this.binaries = binaries;
        this.home = home;
        this.baseDir = baseDir;
        this.temporaryHome = temporaryHome;
        this.root = root;
    }

    /**
     * Creates and starts an instance in {@code baseDir} (or in a temporary directory when the unprivileged user
     * cannot reach it, or its socket path would be too long), pinned to {@code cpus} when given, with
     * {@code settings} (my.cnf lines {@code name = value}) after tunescope's own. A server that will not start throws
     * with its own reason from the error log.
     */
    public static MariaDbServer start(MariaDbBinaries binaries, Path baseDir, CpuList cpus, List<String> settings)
            throws IOException, InterruptedException {
        boolean root = ServerHomes.isRoot();
        boolean temporary = (root && !ServerHomes.reachableByUnprivilegedUser(baseDir))
                || baseDir.toAbsolutePath().resolve("data/mariadb.sock").toString().length() > MAX_SOCKET_PATH;
        Path home = temporary ? Files.createTempDirectory("tunescope-mdb", PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwxr-xr-x"))) : baseDir.toAbsolutePath();
        Files.createDirectories(home);
        MariaDbServer server = new MariaDbServer(binaries, home, baseDir, temporary, root);
        try {
            server.install();
            server.startWithFreePort(cpus, settings);
            return server;
        } catch (IOException | InterruptedException | RuntimeException e) {
            server.abandon();
            throw e;
        }
    }

    private void install() throws IOException, InterruptedException {
        if (!Files.exists(logFile())) {
            Files.createFile(logFile());   // before the chown: the server, as nobody, appends to it
        }
        if (root) {
            ServerHomes.chownToUnprivileged(home);
        }
        List<String> command = new ArrayList<>(List.of(binaries.installDb().toString(), "--no-defaults",
                "--datadir=" + dataDir(), "--auth-root-authentication-method=socket", "--skip-test-db",
                "--skip-name-resolve"));
        command.addAll(userOption());
        CommandRunner.Outcome install = CommandRunner.run(command, START_TIMEOUT);
        if (!install.ok()) {
            throw new IOException("mariadb-install-db failed (exit " + install.exitCode() + "): " + install.tail());
        }
        bootstrapAccount();
    }

    /**
     * Creates tunescope's account and database. The statement, password included, goes over stdin only; the
     * bootstrap's output is read here (an error message may quote the statement) and shown without the password.
     */
    private void bootstrapAccount() throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(binaries.server().toString(), "--no-defaults",
                "--datadir=" + dataDir(), "--bootstrap"));
        command.addAll(userOption());
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        try (OutputStream in = p.getOutputStream()) {
            in.write(MariaDbAccount.bootstrapSql(DB_USER, password, DATABASE).getBytes(StandardCharsets.UTF_8));
        }
        java.util.concurrent.CompletableFuture<String> output = java.util.concurrent.CompletableFuture.supplyAsync(
                () -> readAll(p.getInputStream()));
        if (!p.waitFor(START_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("mariadbd --bootstrap did not finish in " + START_TIMEOUT.toSeconds() + " s");
        }
        if (p.exitValue() != 0) {
            throw new IOException("mariadbd --bootstrap failed (exit " + p.exitValue() + "): "
                    + new CommandRunner.Outcome(p.exitValue(), output.join().replace(password, "***")).tail());
        }
    }

    private static String readAll(java.io.InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    private List<String> userOption() {
        return root ? List.of("--user=" + ServerHomes.UNPRIVILEGED_USER) : List.of();
    }

    private void startWithFreePort(CpuList cpus, List<String> settings) throws IOException, InterruptedException {
        String reason = "";
        for (int attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
            port = ServerHomes.freePort();
            Files.write(myCnf(), MariaDbConfig.lines(dataDir(), logFile(), port, userOption().isEmpty() ? null
                    : ServerHomes.UNPRIVILEGED_USER, settings), StandardCharsets.UTF_8);
            List<String> command = List.of(binaries.server().toString(), "--defaults-file=" + myCnf());
            long logOffset = Files.exists(logFile()) ? Files.size(logFile()) : 0;
            supervisor = MariaDbSupervisor.start(cpus == null ? command
                    : CommandRunner.concat(cpus.tasksetPrefix(), command), logFile());
            if (awaitAcceptingConnections()) {
                return;
            }
            supervisor.stop(Duration.ofSeconds(5));
            supervisor = null;
            reason = MariaDbConfig.serverReason(logFile(), logOffset).orElse("no reason in the error log");
            if (!reason.contains("Address already in use")) {
                break;
            }
        }
        stopped = true;
        throw new IOException("MariaDB did not start: " + reason + "; see " + reportedLog());
    }

    /** Polls with a connection until the server accepts one; false when it exited or the time ran out. */
    private boolean awaitAcceptingConnections() throws InterruptedException {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!Processes.isRunning(supervisor.serverPid())) {
                return false;
            }
            try (Connection c = connect()) {
                return c.isValid(2);
            } catch (SQLException e) {
                Thread.sleep(100);
            }
        }
        return false;
    }

    /** A new connection to the instance's database, as tunescope's account. */
    public Connection connect() throws SQLException {
        java.util.Properties p = new java.util.Properties();
        p.setProperty("user", DB_USER);
        p.setProperty("password", password);
        p.setProperty("connectTimeout", "2000");
        return DriverManager.getConnection(jdbcUrl(), p);
    }

    /**
     * Sets {@code settings} on the running server with the {@code SET GLOBAL} statements MariaDB's knob catalog
     * renders (names from the catalog, values validated against it), so no caller's text reaches SQL.
     */
    public void apply(Map<String, ?> settings) throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            for (String sql : Catalogs.mariadb().statements(settings)) {
                s.execute(sql);
            }
        }
    }

    @Override
    public String jdbcUrl() {
        // local infile: TPC-H loads stream rows with LOAD DATA LOCAL (a server of our own asks for no file of ours)
        return "jdbc:mariadb://127.0.0.1:" + port + "/" + DATABASE + "?allowLocalInfile=true";
    }

    @Override
    public String user() {
        return DB_USER;
    }

    @Override
    public String password() {
        return password;
    }

    public int port() {
        return port;
    }

    @Override
    public long pid() {
        return supervisor == null ? 0 : supervisor.serverPid();
    }

    @Override
    public List<Long> processIds() {
        List<Long> pids = new ArrayList<>();
        ProcessHandle.of(pid()).ifPresent(p -> {
            pids.add(p.pid());
            p.descendants().forEach(d -> pids.add(d.pid()));
        });
        return pids;
    }

    @Override
    public Path dataDir() {
        return home.resolve("data");
    }

    private Path myCnf() {
        return home.resolve("my.cnf");
    }

    private Path logFile() {
        return home.resolve(LOG);
    }

    /** Where the error log is once the server is gone: a temporary home's log is copied to the base directory. */
    private Path reportedLog() {
        return temporaryHome ? baseDir.resolve(LOG) : logFile();
    }

    /** The supervisor's process while the server runs: tests check it is gone after {@link #close()}. */
    Optional<ProcessHandle> supervisorProcess() {
        return Optional.ofNullable(supervisor).map(MariaDbSupervisor::handle);
    }

    /** Stops the server (SIGTERM, then a kill after the grace); never throws {@link InterruptedException}. */
    @Override
    public synchronized void close() throws IOException {
        if (stopped) {
            return;
        }
        stopped = true;
        if (supervisor != null) {
            supervisor.stop(STOP_TIMEOUT);
        }
        if (temporaryHome) {
            keepLogAndDeleteTemporaryHome();
        }
    }

    /** After a failed start: stop whatever did start and remove a temporary home (its log is kept). */
    private void abandon() throws IOException {
        if (supervisor != null) {
            supervisor.stop(Duration.ofSeconds(5));
        }
        stopped = true;
        if (temporaryHome) {
            keepLogAndDeleteTemporaryHome();
        }
    }

    @Override
    public void deleteData() throws IOException {
        ServerHomes.deleteRecursively(dataDir());
    }

    /** The error log and my.cnf (which holds no secret) are kept in the base directory; the rest goes. */
    private void keepLogAndDeleteTemporaryHome() throws IOException {
        Files.createDirectories(baseDir);
        for (Path kept : List.of(logFile(), myCnf())) {
            if (Files.exists(kept)) {
                Files.copy(kept, baseDir.resolve(kept.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        ServerHomes.deleteRecursively(home);
    }
}
