package io.tunescope.shop.stack;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * H2 as the shop's database tier, for fast runs and tests: an in-memory database in its own JVM behind H2's TCP
 * server on loopback. The tier's JVM creates it with a random password, which it gets through its environment.
 */
public final class H2Database implements ShopDatabase {
    private final ChildJvm jvm;
    private final String password;

    private H2Database(ChildJvm jvm, String password) {
        this.jvm = jvm;
        this.password = password;
    }

    public static H2Database start(Path log) throws IOException {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        byte[] secret = new byte[18];
        new SecureRandom().nextBytes(secret);
        String password = Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
        ChildJvm jvm = ChildJvm.start("h2", "shop-db", H2ServerMain.class, List.of("-Xmx1g",
                "-Dh2.bindAddress=127.0.0.1"), List.of(Integer.toString(port)),
                Map.of(H2ServerMain.PASSWORD_ENV, password), log);
        return new H2Database(jvm, password);
    }

    @Override
    public String kind() {
        return "h2";
    }

    @Override
    public String jdbcUrl() {
        return "jdbc:h2:tcp://127.0.0.1:" + jvm.port() + "/" + H2ServerMain.DATABASE + ";LOCK_TIMEOUT=10000";
    }

    @Override
    public String user() {
        return H2ServerMain.USER;
    }

    @Override
    public String password() {
        return password;
    }

    @Override
    public List<Long> pids() {
        return List.of(jvm.pid());
    }

    @Override
    public void close() {
        jvm.close();
    }
}
