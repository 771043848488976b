package io.tunescope;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The TCP sockets a process listens on, read from the kernel (/proc/PID/fd and /proc/PID/net/tcp{,6}), not from any
 * configuration: what a security test must check.
 */
public final class ListeningSockets {
    private static final String LISTEN = "0A";

    private ListeningSockets() {
    }

    /** One listening socket: its local address and port. */
    public record Listener(InetAddress address, int port) {
        public boolean loopback() {
            return address.isLoopbackAddress();
        }
    }

    /** Every TCP socket process {@code pid} holds open in LISTEN state. */
    public static List<Listener> of(long pid) throws IOException {
        Set<String> inodes = new HashSet<>();
        try (Stream<Path> fds = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            for (Path fd : fds.toList()) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        inodes.add(target.substring("socket:[".length(), target.length() - 1));
                    }
                } catch (IOException e) {
                    // closed meanwhile
                }
            }
        }
        List<Listener> out = new ArrayList<>();
        for (String table : List.of("tcp", "tcp6")) {
            Path file = Path.of("/proc", Long.toString(pid), "net", table);
            if (!Files.exists(file)) {
                continue;
            }
            List<String> lines = Files.readAllLines(file);
            for (String line : lines.subList(1, lines.size())) {
                String[] f = line.trim().split("\\s+");
                if (f.length > 9 && f[3].equals(LISTEN) && inodes.contains(f[9])) {
                    String[] local = f[1].split(":");
                    out.add(new Listener(address(local[0]), Integer.parseInt(local[1], 16)));
                }
            }
        }
        return out;
    }

    /** The kernel prints each 32-bit word of the address in host (little-endian) byte order. */
    static InetAddress address(String hex) throws UnknownHostException {
        byte[] bytes = new byte[hex.length() / 2];
        for (int word = 0; word < bytes.length / 4; word++) {
            for (int b = 0; b < 4; b++) {
                int at = word * 8 + (3 - b) * 2;
                bytes[word * 4 + b] = (byte) Integer.parseInt(hex.substring(at, at + 2), 16);
            }
        }
        return InetAddress.getByAddress(bytes);
    }
}
