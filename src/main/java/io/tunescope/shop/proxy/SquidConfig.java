package io.tunescope.shop.proxy;

import java.nio.file.Path;
import java.util.List;

/**
 * The text of squid.conf for the store: an accelerator (reverse proxy) on 127.0.0.1 and one port, the application
 * nodes as origin-server parents balanced round-robin, access for loopback clients only (the cache manager's
 * counters too, from which the hit ratios come), the knobs' cache sizes, and every file (pid, log, disk cache) under
 * {@code dir}. Nothing leaves the machine: no ICP, HTCP, pinger or netdb, and DNS pointed at loopback (the peers are
 * addresses, so Squid has nothing to resolve). Directives from squid.conf.documented (Squid 5), written here.
 */
public final class SquidConfig {
    private SquidConfig() {
    }

    /**
     * @param dir        Squid's own directory (pid file, cache.log, disk cache); {@code user} must be able to write it
     * @param port       the port it listens on (127.0.0.1 only)
     * @param nodes      the application nodes' ports
     * @param user       the user Squid drops to when started as root, or null when it is not
     */
    public static String render(SquidKnobs knobs, Path dir, int port, List<Integer> nodes, String user) {
        if (nodes.isEmpty()) {
            throw new IllegalArgumentException("the proxy needs at least one application node");
        }
        StringBuilder c = new StringBuilder("# written by tunescope shop; squid runs it with -N -f\n");
        c.append("http_port 127.0.0.1:").append(port).append(" accel defaultsite=127.0.0.1 no-vhost\n");
        for (int i = 0; i < nodes.size(); i++) {
            String name = "node" + (i + 1);
            c.append("cache_peer 127.0.0.1 parent ").append(nodes.get(i))
                    .append(" 0 no-query originserver round-robin connect-fail-limit=2 name=").append(name).append('\n');
            c.append("cache_peer_access ").append(name).append(" allow all\n");
        }
        c.append("never_direct allow all\n");
        c.append("acl loopback src 127.0.0.0/8\n");
        c.append("http_access allow manager loopback\nhttp_access allow loopback\nhttp_access deny all\n");
        if (knobs.cacheMemMiB() == 0 && knobs.diskCacheMiB() == 0) {
            c.append("cache deny all\n");
        }
        c.append("cache_mem ").append(knobs.cacheMemMiB()).append(" MB\n");
        c.append("maximum_object_size_in_memory ").append(knobs.maxObjectInMemoryKiB()).append(" KB\n");
        c.append("maximum_object_size ").append(knobs.maximumObjectKiB()).append(" KB\n");
        c.append("minimum_object_size ").append(knobs.minimumObjectKiB()).append(" KB\n");
        if (knobs.diskCacheMiB() > 0) {
            c.append("cache_dir ufs ").append(dir.resolve("cache")).append(' ').append(knobs.diskCacheMiB())
                    .append(" 16 256\n");
        }
        c.append("cache_swap_low ").append(knobs.swapLowPercent()).append('\n');
        c.append("cache_swap_high ").append(knobs.swapHighPercent()).append('\n');
        // the store marks what may be kept (Cache-Control: public, max-age); nothing else is kept for long
        c.append("refresh_pattern . 0 20% 60\n");
        c.append("pid_filename ").append(dir.resolve("squid.pid")).append('\n');
        c.append("cache_log stdio:").append(dir.resolve("cache.log")).append('\n');
        c.append("access_log none\ncache_store_log none\nlogfile_rotate 0\n");
        c.append("coredump_dir ").append(dir).append('\n');
        c.append("netdb_filename none\nicp_port 0\nhtcp_port 0\npinger_enable off\n");
        c.append("dns_nameservers 127.0.0.1\n");
        c.append("shutdown_lifetime 1 seconds\n");
        if (user != null) {
            c.append("cache_effective_user ").append(user).append('\n');
        }
        return c.toString();
    }
}
