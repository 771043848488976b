package io.tunescope.shop.stack;

import io.tunescope.shop.proxy.CachingProxy;
import io.tunescope.shop.proxy.NginxConfig;
import io.tunescope.shop.proxy.NginxProxy;
import io.tunescope.shop.proxy.ProxyKnobs;
import io.tunescope.shop.proxy.SquidKnobs;
import io.tunescope.shop.proxy.SquidProxy;
import io.tunescope.store.ResultsDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The proxy tier of a {@link LiveStack}: started, and given new knobs or new nodes by a reload where the proxy
 * allows one (nginx: SIGHUP; Squid: {@code squid -k parse}, then SIGHUP), by a restart otherwise (Squid's disk cache
 * size, or Squid's nodes: its configuration names them, and its reload keeps the nodes it started with). Each change
 * is verified before it returns: nginx runs as many workers as its knobs say, and either proxy serves the home page.
 */
final class LiveProxy {
    private static final Duration RELOAD_TIMEOUT = Duration.ofSeconds(15);

    private LiveProxy() {
    }

    static CachingProxy start(ShopTiers tiers, ProxyKnobs knobs, List<Integer> nodes, String name, Path out)
            throws IOException {
        ResultsDir dir = ResultsDir.of(out);
        return tiers.proxy().equals(ShopTiers.SQUID)
                ? SquidProxy.start(executable(tiers), SquidKnobs.of(knobs), 0, nodes, dir.shopProxyDir(name))
                : NginxProxy.start(executable(tiers), knobs, 0, nodes, dir.shopProxyDir(name),
                        dir.shopProxyConfig(name), dir.tierLog(name));
    }

    private static Path executable(ShopTiers tiers) {
        return tiers.proxyExecutable();
    }

    /**
     * The proxy with {@code knobs} in front of {@code nodes}: {@code proxy} itself when it reloaded, a new one when
     * it had to restart (the old one is then stopped). Throws with the proxy's own words when it refuses the change.
     */
    static CachingProxy change(CachingProxy proxy, ShopTiers tiers, ProxyKnobs from, ProxyKnobs to,
                               List<Integer> oldNodes, List<Integer> nodes, String name, Path out)
            throws IOException, InterruptedException {
        if (proxy instanceof NginxProxy nginx) {
            ResultsDir dir = ResultsDir.of(out);
            String text = NginxConfig.render(to, dir.shopProxyDir(name).toAbsolutePath(), nginx.port(), nodes,
                    "root".equals(System.getProperty("user.name")));
            try {
                nginx.reload(dir.shopProxyConfig(name), text, RELOAD_TIMEOUT);
            } catch (IOException e) {
                throw new IOException(e.getMessage() + ": " + lastEmergency(dir.tierLog(name)), e);
            }
            verifyWorkers(nginx, to.workerProcesses());
            return nginx;
        }
        SquidProxy squid = (SquidProxy) proxy;
        SquidKnobs a = SquidKnobs.of(from);
        SquidKnobs b = SquidKnobs.of(to);
        if (oldNodes.equals(nodes) && !a.restartFor(b)) {
            squid.reload(a, b);
            return squid;
        }
        // a restart: the old Squid stops first, as both would use the same cache and pid file; a refusal then leaves
        // no proxy, which the restore of the last good configuration starts again
        squid.close();
        return start(tiers, to, nodes, name, out);
    }

    /** nginx's master forks the configured number of workers on a reload; fewer means it is not in effect. */
    private static void verifyWorkers(NginxProxy nginx, int wanted) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + RELOAD_TIMEOUT.toNanos();
        long workers;
        do {
            workers = workers(nginx);
            if (workers == wanted) {
                return;
            }
            Thread.sleep(20);
        } while (System.nanoTime() < deadline);
        throw new IOException("nginx runs " + workers + " worker process(es) after the reload, not " + wanted);
    }

    /** nginx's worker processes now (the reload has waited out the old ones). */
    static long workers(CachingProxy proxy) {
        return proxy.members().stream().filter(m -> m.name().startsWith("nginx-worker")).count();
    }

    /** nginx's own words for a refused configuration: the last {@code [emerg]} line of its error log. */
    private static String lastEmergency(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.ISO_8859_1);
            for (int k = lines.size() - 1; k >= 0; k--) {
                if (lines.get(k).contains("[emerg]")) {
                    return lines.get(k).replaceFirst("^.*\\[emerg\\] [0-9#]+: ", "");
                }
            }
            return "(no [emerg] line in " + log + ")";
        } catch (IOException e) {
            return "(no log at " + log + ")";
        }
    }
}
