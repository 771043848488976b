package io.tunescope.shop.stack;

import io.tunescope.shop.app.AppKnobs;
import io.tunescope.shop.app.AppNodeMain;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** The controller's handle on one application node: its own JVM, listening on 127.0.0.1. */
public final class AppNode implements AutoCloseable {
    /** The system property that names the node on its JVM's command line. */
    public static final String NODE_PROPERTY = "-Dtunescope.node";
    private final String name;
    private final ChildJvm jvm;

    private AppNode(String name, ChildJvm jvm) {
        this.name = name;
        this.jvm = jvm;
    }

    /** Starts node {@code name} over {@code database}; its stderr goes to {@code log}. */
    public static AppNode start(String name, AppKnobs knobs, ShopDatabase database, Path log) throws IOException {
        Map<String, String> env = Map.of(AppNodeMain.URL_ENV, database.jdbcUrl(), AppNodeMain.USER_ENV,
                database.user(), AppNodeMain.PASSWORD_ENV, database.password());
        // the node's name on its command line: ps tells the nodes apart, and a test can find one to kill
        ChildJvm jvm = ChildJvm.start(name, "shop-app", AppNodeMain.class, List.of("-Xmx512m",
                "-XX:+UseSerialGC", NODE_PROPERTY + "=" + name), knobs.toArgs(), env, log);
        return new AppNode(name, jvm);
    }

    public String name() {
        return name;
    }

    public int port() {
        return jvm.port();
    }

    public long pid() {
        return jvm.pid();
    }

    public boolean isAlive() {
        return jvm.isAlive();
    }

    public double cpuMillis() {
        return jvm.cpuMillis();
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + port() + "/shop/";
    }

    /** Kills the node at once (as a crash would). */
    public void kill() {
        jvm.kill();
    }

    @Override
    public void close() {
        jvm.close();
    }
}
