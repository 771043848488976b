package io.tunescope.shop.proxy;

import io.tunescope.Externals;
import io.tunescope.SignalStop;
import io.tunescope.engine.ProcessGroup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A JVM that holds a proxy and is stopped with SIGTERM, as {@code shop run} is: its measuring thread is interrupted
 * and closes the proxy with the interrupt flag set. Afterwards no process of the proxy's process group may run:
 * neither nginx's workers, cache manager and cache loader, nor (with a stand-in server) a member that ignores SIGTERM
 * and is no descendant of the first process.
 */
@Timeout(180)
class ProxyStoppedBySignalTest {
    private static final long GONE_WITHIN_SECONDS = 20;

    /** A server that ignores SIGTERM and leaves a child in its group, re-parented to init. */
    static final String STAND_IN = "trap '' TERM; (sleep 600 &); exec sleep 600";

    /** The JVM under test: starts the proxy, says its group, waits to be interrupted, closes it (flag still set). */
    public static final class Holder {
        public static void main(String[] args) throws Exception {
            Path dir = Path.of(args[1]);
            try (SignalStop stop = SignalStop.install("proxy-holder-stop", 60)) {
                AutoCloseable server;
                long group;
                if (args[0].equals("stand-in")) {
                    ProcessGroupWatcher w = ProcessGroupWatcher.start("stand-in", List.of("/bin/sh", "-c", STAND_IN),
                            dir.resolve("stand-in.log"), null);
                    server = w;
                    group = w.pid();
                } else {
                    int node;
                    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                        node = s.getLocalPort();
                    }
                    NginxProxy proxy = NginxProxy.start(Path.of(args[2]), new ProxyKnobs(8, 8, 4, 64, 30), 0,
                            List.of(node), dir.resolve("proxy"), dir.resolve("proxy/nginx.conf"),
                            dir.resolve("logs/proxy.log"));
                    server = proxy;
                    group = proxy.pid();
                }
                System.out.println("group " + group);
                System.out.flush();
                try {
                    Thread.sleep(TimeUnit.MINUTES.toMillis(5));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();   // as a run's measuring thread keeps it
                }
                server.close();
                System.out.println(stop.signalled() ? "stopped by a signal" : "not signalled");
            }
        }
    }

    @Test
    void nginxStoppedBySigtermOfItsJvmLeavesNoProcessOfItsGroup(@TempDir Path dir) throws Exception {
        Path nginx = Externals.nginx();
        // each round is one chance for a master to fork a worker while its workers are being stopped
        for (int round = 1; round <= 3; round++) {
            assertGroupGoneAfterSigterm(dir.resolve("r" + round), "nginx", nginx.toString(), 3);
        }
    }

    @Test
    void aServerThatIgnoresSigtermAndLeftAChildOutsideItsParentChainIsStoppedToo(@TempDir Path dir) throws Exception {
        assertGroupGoneAfterSigterm(dir, "stand-in", "", 2);
    }

    private static void assertGroupGoneAfterSigterm(Path dir, String mode, String binary, int atLeast)
            throws Exception {
        Files.createDirectories(dir);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process holder = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), Holder.class.getName(),
                mode, dir.toString(), binary).redirectError(dir.resolve("holder.err").toFile()).start();
        ProcessGroup group = null;
        try {
            String line = new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8))
                    .readLine();
            assertThat(line).as("the holder's first line (stderr in %s)", dir.resolve("holder.err"))
                    .startsWith("group ");
            group = new ProcessGroup(Long.parseLong(line.substring("group ".length()).trim()), 0);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(GONE_WITHIN_SECONDS);
            while (group.members().size() < atLeast && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(group.members()).as("%s's processes before the signal", mode)
                    .hasSizeGreaterThanOrEqualTo(atLeast);

            holder.destroy();   // SIGTERM: the holder's hook interrupts it, and it closes the proxy
            assertThat(holder.waitFor(90, TimeUnit.SECONDS)).as("the holder exits after SIGTERM").isTrue();
            long exitedAt = System.nanoTime();
            deadline = exitedAt + TimeUnit.SECONDS.toNanos(GONE_WITHIN_SECONDS);
            while (!group.members().isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(describe(group.members())).as("processes of %s's group (%d) running %d s after its JVM ended",
                    mode, group.id(), GONE_WITHIN_SECONDS).isEmpty();
        } finally {
            holder.destroyForcibly();
            if (group != null) {
                group.members().forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
            }
        }
    }

    private static List<String> describe(List<Long> pids) {
        return pids.stream().map(pid -> pid + " " + cmdline(pid)).toList();
    }

    private static String cmdline(long pid) {
        try {
            return new String(Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline")),
                    StandardCharsets.UTF_8).replace('\0', ' ').trim();
        } catch (IOException e) {
            return "";
        }
    }
}
