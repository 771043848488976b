package io.tunescope.shop.stack;

import io.tunescope.shop.ParentWatch;
import org.h2.tools.Server;

import java.sql.SQLException;

/**
 * The {@code main} of the H2 tier's JVM: an H2 TCP server bound to 127.0.0.1 (the {@code h2.bindAddress} property,
 * set on its command line) on the port given, which may create the in-memory database the controller then fills.
 * Prints {@code READY <port>}, and stops when its parent closes stdin or dies.
 */
public final class H2ServerMain {
    private H2ServerMain() {
    }

    public static void main(String[] args) throws SQLException {
        Server server = Server.createTcpServer("-tcpPort", args[0], "-ifNotExists").start();
        Runtime.getRuntime().addShutdownHook(new Thread(server::stop, "h2-stop"));
        ParentWatch.exitWhenClosed(System.in, server::stop);
        System.out.println(ParentWatch.readyLine(server.getPort()));
        System.out.flush();
    }
}
