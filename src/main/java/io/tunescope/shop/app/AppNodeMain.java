package io.tunescope.shop.app;

import io.tunescope.BadInputException;
import io.tunescope.Notices;
import io.tunescope.Outcome;
import io.tunescope.shop.ParentWatch;

/**
 * The {@code main} of an application node's JVM. Arguments: the {@link AppKnobs}; the database's URL, user and
 * password come in the environment only. Prints {@code READY <port>} once it serves, and stops (shutdown hook) when
 * its parent closes stdin, dies, or sends a signal.
 */
public final class AppNodeMain {
    public static final String URL_ENV = "TUNESCOPE_SHOP_DB_URL";
    public static final String USER_ENV = "TUNESCOPE_SHOP_DB_USER";
    public static final String PASSWORD_ENV = "TUNESCOPE_SHOP_DB_PASSWORD";

    private AppNodeMain() {
    }

    public static void main(String[] args) {
        try {
            AppKnobs knobs = AppKnobs.fromArgs(args);
            String url = System.getenv(URL_ENV);
            if (url == null) {
                throw BadInputException.of(URL_ENV, "missing", "must hold the database's JDBC URL");
            }
            AppServer server = AppServer.start(knobs, url, System.getenv(USER_ENV), System.getenv(PASSWORD_ENV));
            Runtime.getRuntime().addShutdownHook(new Thread(server::close, "shop-app-stop"));
            ParentWatch.exitWhenClosed(System.in, server::close);
            System.out.println(ParentWatch.readyLine(server.port()));
            System.out.flush();
        } catch (Exception e) {
            Notices.say("shop app: " + e.getMessage());
            System.exit(Outcome.of(e).exitCode());
        }
    }
}
