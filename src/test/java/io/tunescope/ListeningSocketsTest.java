package io.tunescope;

import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

import static org.assertj.core.api.Assertions.assertThat;

/** The reader the loopback checks rely on tells a wildcard listener from a loopback one. */
class ListeningSocketsTest {
    @Test
    void findsOurListenersAndTellsLoopbackFromWildcard() throws Exception {
        Externals.linuxProc();
        long self = ProcessHandle.current().pid();
        try (ServerSocket loop = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             ServerSocket any = new ServerSocket()) {
            any.bind(new InetSocketAddress(0));
            var listeners = ListeningSockets.of(self);
            assertThat(listeners).filteredOn(l -> l.port() == loop.getLocalPort()).singleElement()
                    .satisfies(l -> assertThat(l.loopback()).isTrue());
            assertThat(listeners).filteredOn(l -> l.port() == any.getLocalPort()).singleElement()
                    .satisfies(l -> assertThat(l.loopback()).isFalse());
        }
    }

    @Test
    void decodesTheKernelsByteOrder() throws Exception {
        assertThat(ListeningSockets.address("0100007F").getHostAddress()).isEqualTo("127.0.0.1");
        assertThat(ListeningSockets.address("00000000000000000000000001000000").isLoopbackAddress()).isTrue();
        assertThat(ListeningSockets.address("0000000000000000FFFF00000100007F").getHostAddress())
                .isEqualTo("127.0.0.1");
        assertThat(ListeningSockets.address("00000000").isLoopbackAddress()).isFalse();
    }
}
