package io.tunescope.monitor.proc;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One /proc file kept open and re-read from offset 0 into a reused buffer. One {@code pread} of an open file costs a
 * fraction of opening, reading and closing it again (docs/benchmarks.md, thread monitor overhead), which is why the
 * sampler holds its files open for the life of each thread. One read per call: /proc seq files return their whole
 * text at once into a large enough buffer (the buffer doubles until it is). Not thread-safe: one sampler thread
 * owns it.
 */
public final class ProcFile implements AutoCloseable {
    private final Path path;
    private final FileChannel channel;
    private byte[] bytes;
    /**
     * Where the kernel writes: a direct buffer, since a heap buffer makes the channel borrow a temporary direct one
     * for every read and copy from it (measured on the sampler's thread: a few per cent of its CPU).
     */
    private ByteBuffer buffer;
    private int length;

    private ProcFile(Path path, FileChannel channel, int initialCapacity) {
        this.path = path;
        this.channel = channel;
        this.bytes = new byte[initialCapacity];
        this.buffer = ByteBuffer.allocateDirect(initialCapacity);
    }

    /** Opens {@code path} for repeated reads; throws when it does not exist or cannot be read. */
    public static ProcFile open(Path path, int initialCapacity) throws IOException {
        return new ProcFile(path, FileChannel.open(path, StandardOpenOption.READ), Math.max(64, initialCapacity));
    }

    /** Opens {@code path}, or returns null when it is absent or unreadable (the caller marks what is missing). */
    public static ProcFile openOrNull(Path path, int initialCapacity) {
        try {
            return open(path, initialCapacity);
        } catch (IOException | SecurityException e) {
            return null;
        }
    }

    /**
     * Reads the whole file again from offset 0; returns the byte count, 0 when the file is now empty (a thread that
     * exited), and throws when reading fails (a thread that exited between listing and reading gives ESRCH).
     */
    public int read() throws IOException {
        while (true) {
            buffer.clear();
            int n = channel.read(buffer, 0);
            if (n < 0) {
                length = 0;
                return 0;
            }
            if (buffer.hasRemaining()) {
                // a /proc seq file hands over its whole text in one read when the buffer is large enough; asking
                // again for the end-of-file would cost a second system call per file and tick
                buffer.get(0, bytes, 0, n);
                length = n;
                return n;
            }
            bytes = new byte[bytes.length * 2];
            buffer = ByteBuffer.allocateDirect(bytes.length);
        }
    }

    public byte[] bytes() {
        return bytes;
    }

    public int length() {
        return length;
    }

    public Path path() {
        return path;
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            // closing a /proc file cannot lose data; nothing to report
        }
    }
}
