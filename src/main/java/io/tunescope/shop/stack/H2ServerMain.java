package io.tunescope.shop.stack;

import io.tunescope.shop.ParentWatch;
import org.h2.tools.Server;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * The {@code main} of the H2 tier's JVM: creates the in-memory database {@code mem:shop} itself, with the password
 * its parent put in {@link #PASSWORD_ENV}, then serves it on an H2 TCP server bound to 127.0.0.1 (the
 * {@code h2.bindAddress} property, set on its command line) on the port given. The server creates no database on
 * request: with {@code -ifNotExists} any local user could create one, become its admin and run code in this JVM.
 * Prints {@code READY <port>}, and stops when its parent closes stdin or dies.
 */
public final class H2ServerMain {
    private H2ServerMain() {
    }

    /** The environment variable that carries the database password from the controller (never a command line). */
    public static final String PASSWORD_ENV = "TUNESCOPE_H2_PASSWORD";
    static final String DATABASE = "mem:shop";
    static final String USER = "tunescope";
    /** Creates the database and holds it for the life of the JVM (DB_CLOSE_DELAY keeps it as well). */
    private static Connection owner;

    public static void main(String[] args) throws SQLException {
        owner = DriverManager.getConnection("jdbc:h2:" + DATABASE + ";DB_CLOSE_DELAY=-1", USER,
                System.getenv(PASSWORD_ENV));
        Server server = Server.createTcpServer("-tcpPort", args[0]).start();
        Runtime.getRuntime().addShutdownHook(new Thread(server::stop, "h2-stop"));
        ParentWatch.exitWhenClosed(System.in, server::stop);
        System.out.println(ParentWatch.readyLine(server.getPort()));
        System.out.flush();
    }
}
