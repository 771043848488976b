package io.tunescope.shop.app;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.tunescope.Notices;
import io.tunescope.shop.db.ShopStore;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * One application node: a Jetty 12 server on 127.0.0.1 and a free port, with the knobs' worker threads and accept
 * queue, over a HikariCP pool of the knobs' size. {@link #close()} stops both.
 */
public final class AppServer implements AutoCloseable {
    private final Server server;
    private final HikariDataSource pool;
    private final ServerConnector connector;

    private AppServer(Server server, HikariDataSource pool, ServerConnector connector) {
        this.server = server;
        this.pool = pool;
        this.connector = connector;
    }

    /** Starts a node over the database at {@code jdbcUrl}; the password is used, never printed or stored. */
    public static AppServer start(AppKnobs knobs, String jdbcUrl, String user, String password) throws Exception {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(jdbcUrl);
        config.setUsername(user);
        config.setPassword(password);
        config.setMaximumPoolSize(knobs.get(AppKnob.POOL_SIZE));
        config.setMinimumIdle(knobs.get(AppKnob.POOL_SIZE));
        config.setPoolName("shop-pool");
        HikariDataSource pool = new HikariDataSource(config);
        QueuedThreadPool threads = new QueuedThreadPool(knobs.get(AppKnob.MAX_THREADS),
                knobs.get(AppKnob.MIN_THREADS));
        threads.setName("shop-http");
        Server server = new Server(threads);
        HttpConfiguration http = new HttpConfiguration();
        http.setSendServerVersion(false);
        ServerConnector connector = new ServerConnector(server, 1, 1, new HttpConnectionFactory(http));
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        connector.setAcceptQueueSize(knobs.get(AppKnob.ACCEPT_QUEUE));
        server.addConnector(connector);
        ErrorHandler errors = new ErrorHandler();
        errors.setShowStacks(false);
        errors.setShowCauses(false);
        server.setErrorHandler(errors);
        server.setHandler(new ShopHandler(new ShopStore(pool::getConnection), PageCache.of(knobs),
                knobs.get(AppKnob.PAGE_MAX_AGE_SECONDS)));
        try {
            server.start();
        } catch (Exception e) {
            server.stop();
            pool.close();
            throw e;
        }
        return new AppServer(server, pool, connector);
    }

    public int port() {
        return connector.getLocalPort();
    }

    @Override
    public void close() {
        try {
            server.stop();
        } catch (Exception e) {
            Notices.say("shop app: stopping the HTTP server failed: " + e.getMessage());
        } finally {
            pool.close();
        }
    }
}
