package io.tunescope.shop.stack;

import io.tunescope.shop.Interaction;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.util.List;

/**
 * Whether a chain of tiers serves a request end to end: a browse page and an order page (one per application tier of
 * a {@link RoutedShop}) requested through one entry point until both answer 200, polling until a deadline. A port
 * that listens is not yet a tier that serves: the first request through a Squid node started moments before came
 * back as Squid's {@code ERR_READ_ERROR} (a 502), and nginx in front then held that node down for its
 * {@code fail_timeout} ({@code max_fails=1}) and answered 502 itself. The caller checks the chain from the back to
 * the front, each Squid node directly, so that a tier is asked only once the tiers behind it serve and the front's
 * passive health never sees a failure.
 */
final class ChainReadiness {
    /** How long one tier may take to serve its first request. */
    static final Duration TIMEOUT = Duration.ofSeconds(60);
    /** A browse page and an order page, for customer and item 1 (present in every population). */
    static final List<String> PATHS = List.of(Interaction.HOME.path() + "?i_id=1&c_id=1",
            Interaction.ORDER_INQUIRY.path() + "?c_id=1");
    private static final long POLL_MILLIS = 100;

    private ChainReadiness() {
    }

    /** As {@link #awaitServes(String, String, Duration)} within {@link #TIMEOUT}. */
    static void awaitServes(String tier, String baseUrl) throws IOException, InterruptedException {
        awaitServes(tier, baseUrl, TIMEOUT);
    }

    /** Whether something accepts a connection on {@code port} of the loopback address (within 1 s). */
    static boolean listening(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1_000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Returns once every path of {@link #PATHS} under {@code baseUrl} answered 200 (in order, each polled until it
     * does).
     *
     * @param tier    names the entry point in the error, e.g. {@code proxy tier node proxy1 (Squid, port 41234)}
     * @param baseUrl the store's base URL at that entry point, ending in {@code /shop/}
     * @throws IOException one line naming the tier, the path, the time waited and the last answer or error
     */
    static void awaitServes(String tier, String baseUrl, Duration timeout) throws IOException, InterruptedException {
        long start = System.nanoTime();
        long deadline = start + timeout.toNanos();
        for (String path : PATHS) {
            String last = null;
            while (true) {
                last = answer(baseUrl + path);
                if (last == null) {
                    break;
                }
                if (System.nanoTime() - deadline >= 0) {
                    throw new IOException(String.format(java.util.Locale.ROOT, "%s did not serve %s within %d s: %s",
                            tier, URI.create(baseUrl + path).getPath(), timeout.toSeconds(), last));
                }
                Thread.sleep(POLL_MILLIS);
            }
        }
    }

    /** Null when {@code url} answered 200 (its body read), else what it answered or why it did not. */
    private static String answer(String url) {
        HttpURLConnection c;
        try {
            c = (HttpURLConnection) URI.create(url).toURL().openConnection();
        } catch (IOException e) {
            return e.toString();
        }
        c.setConnectTimeout(2_000);
        c.setReadTimeout(10_000);
        c.setUseCaches(false);
        try {
            int status = c.getResponseCode();
            try (InputStream body = status < 400 ? c.getInputStream() : c.getErrorStream()) {
                if (body != null) {
                    body.readAllBytes();
                }
            }
            return status == 200 ? null : "the last answer was http " + status
                    + c.getHeaderFields().entrySet().stream().filter(h -> "X-Squid-Error".equalsIgnoreCase(
                    String.valueOf(h.getKey()))).map(h -> " (" + String.join(", ", h.getValue()) + ")")
                    .findFirst().orElse("");
        } catch (IOException e) {
            return "the last request failed: " + e.getMessage();
        } finally {
            c.disconnect();
        }
    }
}
