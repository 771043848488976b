package io.tunescope.shop.proxy;

import java.nio.file.Path;
import java.util.List;

/**
 * The text of the proxy's nginx.conf: a master process in the foreground, on 127.0.0.1 and one port, caching GET
 * answers that the application marks cacheable ({@code Cache-Control: public, max-age}) and no larger than the
 * knob's object size (nginx has no such limit of its own: a map on the answer's {@code Content-Length} bypasses the
 * cache above it, and an answer without a length is not kept), balancing round-robin over the application nodes
 * with passive health: a request that a node refuses or drops (or answers 502/503) is passed to the next node at
 * once and that node is left out for {@code failTimeoutSeconds}. A slow answer is not retried elsewhere (no
 * {@code timeout} in {@code proxy_next_upstream}): the store's pages are GETs that change data (Buy Confirm), and a
 * retry would run them twice. Every path (pid file, temporary files, cache) lies under {@code dir}.
 * Directives from the nginx documentation (ngx_http_proxy_module, ngx_http_upstream_module), written here.
 */
public final class NginxConfig {
    private NginxConfig() {
    }

    /**
     * @param dir    the proxy's own directory (pid file, cache, temporary files)
     * @param port   the port it listens on (127.0.0.1 only)
     * @param nodes  the application nodes' ports
     * @param asRoot whether nginx runs as root: its workers then stay root, since they write the cache under
     *               {@code dir}, which the unprivileged user may not reach
     */
    public static String render(ProxyKnobs knobs, Path dir, int port, List<Integer> nodes, boolean asRoot) {
        if (nodes.isEmpty()) {
            throw new IllegalArgumentException("the proxy needs at least one application node");
        }
        StringBuilder c = new StringBuilder();
        appendHead(c, knobs, dir, asRoot, "");
        boolean cache = knobs.cacheMiB() > 0;
        upstream(c, "shop_app", nodes, knobs);
        c.append("  server {\n    listen 127.0.0.1:").append(port).append(";\n    location / {\n");
        proxyPass(c, "shop_app");
        if (cache) {
            cacheAnswers(c);
        }
        c.append("    }\n  }\n}\n");
        return c.toString();
    }

    /** An upstream of application nodes on loopback, each out of service for the fail timeout after a failure. */
    static void upstream(StringBuilder c, String name, List<Integer> ports, ProxyKnobs knobs) {
        c.append("  upstream ").append(name).append(" {\n");
        for (int node : ports) {
            c.append("    server 127.0.0.1:").append(node).append(" max_fails=1 fail_timeout=")
                    .append(knobs.failTimeoutSeconds()).append("s;\n");
        }
        c.append("    keepalive 32;\n  }\n");
    }

    /** A location's pass to {@code upstream}: kept-alive connections, a refused or dropped request to the next node. */
    static void proxyPass(StringBuilder c, String upstream) {
        c.append("      proxy_pass http://").append(upstream).append(";\n      proxy_http_version 1.1;\n");
        c.append("      proxy_set_header Connection \"\";\n      proxy_connect_timeout 2s;\n");
        c.append("      proxy_next_upstream error http_502 http_503;\n");
    }

    /** A location's caching of the answers no larger than the knob's size, each answer saying hit or miss. */
    static void cacheAnswers(StringBuilder c) {
        c.append("      proxy_cache shop;\n      proxy_cache_methods GET HEAD;\n");
        c.append("      proxy_no_cache $shop_too_big;\n");
        c.append("      add_header X-Proxy-Cache $upstream_cache_status always;\n");
    }

    /**
     * A regular expression that matches the decimal numbers (no sign, no leading zeros) greater than {@code limit}:
     * more digits, or as many and larger at the first digit that differs.
     */
    static String greaterThan(long limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("limit must not be negative: " + limit);
        }
        String n = Long.toString(limit);
        int len = n.length();
        StringBuilder alternatives = new StringBuilder("[1-9][0-9]{" + len + ",}");
        for (int i = 0; i < len; i++) {
            int digit = n.charAt(i) - '0';
            if (digit == 9) {
                continue;
            }
            int rest = len - i - 1;
            String prefix = n.substring(0, i);
            alternatives.append('|').append(prefix).append('[').append(digit + 1).append("-9]");
            if (rest > 0) {
                alternatives.append("[0-9]{").append(rest).append('}');
            }
        }
        return "^(" + alternatives + ")$";
    }

    /**
     * The part every configuration of ours starts with: the process settings, the temporary paths under {@code dir}
     * and, with a cache, its zone and the map that keeps objects above the size limit out of it; {@code what} says
     * which configuration it is in the header comment (empty: the plain one).
     */
    static void appendHead(StringBuilder c, ProxyKnobs knobs, Path dir, boolean asRoot, String what) {
        c.append("# written by tunescope shop").append(what).append("; nginx runs it with -p ").append(dir)
                .append('\n');
        c.append("daemon off;\nmaster_process on;\n");
        if (asRoot) {
            c.append("user root;\n");
        }
        c.append("worker_processes ").append(knobs.workerProcesses()).append(";\n");
        c.append("pid ").append(dir.resolve("nginx.pid")).append(";\n");
        c.append("events { worker_connections ").append(knobs.workerConnections()).append("; }\n");
        c.append("http {\n  access_log off;\n  server_tokens off;\n");
        for (String temp : List.of("client_body", "proxy", "fastcgi", "uwsgi", "scgi")) {
            c.append("  ").append(temp).append("_temp_path ").append(dir.resolve("temp").resolve(temp)).append(";\n");
        }
        if (knobs.cacheMiB() > 0) {
            c.append("  proxy_cache_path ").append(dir.resolve("cache")).append(" levels=1:2 keys_zone=shop:4m max_size=")
                    .append(knobs.cacheMiB()).append("m inactive=10m use_temp_path=off;\n");
            c.append("  map $upstream_http_content_length $shop_too_big {\n    default 0;\n    \"\" 1;\n    \"~")
                    .append(greaterThan(knobs.maxObjectBytes())).append("\" 1;\n  }\n");
        }
    }
}
