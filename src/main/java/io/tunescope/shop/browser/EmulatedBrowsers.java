package io.tunescope.shop.browser;

import io.tunescope.shop.Interaction;
import io.tunescope.shop.MixChange;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Closed-loop emulated browsers on one asynchronous HTTP client: no thread per browser. One clock thread fires each
 * request at its intended start (the end of the last answer plus a think time); two threads handle the answers.
 * Each latency runs from the intended start, so a late clock or a queue anywhere shows in it.
 */
public final class EmulatedBrowsers {
    /**
     * Whether the proxy's cache answered: nginx says so in our {@code X-Proxy-Cache: HIT}, Squid in its own {@code
     * X-Cache: HIT from <host>} (a {@code TCP_REFRESH} that went to the node says MISS there).
     */
    static boolean proxyHit(java.net.http.HttpHeaders headers) {
        return headers.firstValue("X-Proxy-Cache").filter("HIT"::equals).isPresent()
                || headers.firstValue("X-Cache").filter(v -> v.startsWith("HIT")).isPresent();
    }

    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(60);
    private static final String STATE_HEADER = "x-shop-";

    private final BrowserRunConfig config;
    private final ScheduledExecutorService clock;
    private final ExecutorService answers = Executors.newFixedThreadPool(2, daemon("shop-browser-io"));
    private final HttpClient client;
    private BrowserStats stats;
    /** One per live session, plus one for the arrivals while they last (open mode) and one for {@link #run}. */
    private final LiveCount live = new LiveCount();
    /** The chain in force: swapped once by the clock when the mix changes. */
    private volatile TransitionMatrix matrix;
    private long endNanos;
    private final CompletionCounter counter;

    public EmulatedBrowsers(BrowserRunConfig config) {
        this(config, (CompletionCounter) null);
    }

    /** With every success also told to {@code counter} (null: none), for rates while the run goes on. */
    public EmulatedBrowsers(BrowserRunConfig config, CompletionCounter counter) {
        this(config, Executors.newSingleThreadScheduledExecutor(daemon("shop-browser-clock")), counter);
    }

    /** With the clock given, so a test can make it late. */
    EmulatedBrowsers(BrowserRunConfig config, ScheduledExecutorService clock) {
        this(config, clock, null);
    }

    private EmulatedBrowsers(BrowserRunConfig config, ScheduledExecutorService clock, CompletionCounter counter) {
        this.config = config;
        this.clock = clock;
        this.counter = counter;
        this.client = HttpClient.newBuilder().executor(answers).version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10)).build();
    }

    /**
     * Runs ramp-up, measurement and ramp-down; returns the measurement interval's figures. Closed mode: the
     * browsers start spread over the ramp-up and loop until the end. Open mode ({@code arrivalRatePerSecond > 0}):
     * sessions arrive as a Poisson process from the start, each lasting a TPC-W session time. Interrupted, it
     * returns the figures measured so far with the interrupt flag set.
     */
    public BrowserResult run() throws InterruptedException {
        long start = System.nanoTime();
        long measureStart = start + config.rampUp().toNanos();
        long measureEnd = measureStart + config.measure().toNanos();
        endNanos = measureEnd + config.rampDown().toNanos();
        MixChange change = config.mixChange();
        long changeNanos = change == null ? Long.MAX_VALUE : measureStart + change.at().toNanos();
        stats = new BrowserStats(measureStart, measureEnd, changeNanos, config.mix().label(),
                change == null ? null : change.to().label(), counter);
        matrix = TransitionMatrix.of(config.mix());
        SplittableRandom seeds = new SplittableRandom(config.seed());
        try {
            if (change != null) {
                // fitted now, so the swap at the change is a single write
                TransitionMatrix next = TransitionMatrix.of(change.to());
                clock.schedule(() -> {
                    matrix = next;
                }, changeNanos - System.nanoTime(), TimeUnit.NANOSECONDS);
            }
            if (config.arrivalRatePerSecond() > 0) {
                live.register();
                arrive(start, seeds);
            } else {
                for (int b = 0; b < config.browsers(); b++) {
                    live.register();
                    newBrowser(seeds, Long.MAX_VALUE).schedule(start + config.rampUp().toNanos() * b
                            / config.browsers());
                }
            }
            live.arriveAndDeregister();
            long waitNanos = endNanos - System.nanoTime() + REQUEST_TIMEOUT.toNanos();
            try {
                // false: requests still unanswered after their timeout, and the figures so far are the result
                live.awaitZero(Math.max(0, waitNanos));
            } catch (InterruptedException e) {
                // stopped early (SIGTERM, Ctrl-C): what was measured up to now is the result; the caller sees the flag
                Thread.currentThread().interrupt();
                return stats.resultUpTo(System.nanoTime());
            }
            return stats.result();
        } finally {
            clock.shutdownNow();
            answers.shutdownNow();
        }
    }

    private Browser newBrowser(SplittableRandom seeds, long sessionEndNanos) {
        stats.sessionStarted();
        return new Browser(new BrowserSession(() -> matrix, config.scale(), seeds.split()), seeds.split(),
                sessionEndNanos);
    }

    /** The next session arrival, due at {@code dueNanos}; the gaps are exponential with mean 1 / rate. */
    private void arrive(long dueNanos, SplittableRandom arrivals) {
        if (dueNanos >= endNanos) {
            live.arriveAndDeregister();
            return;
        }
        Runnable arrival = () -> {
            live.register();
            newBrowser(arrivals, dueNanos + config.think().sessionNanos(arrivals)).fire(dueNanos);
            double gapSeconds = -Math.log(1 - arrivals.nextDouble()) / config.arrivalRatePerSecond();
            arrive(dueNanos + (long) (gapSeconds * 1e9), arrivals);
        };
        try {
            clock.schedule(arrival, dueNanos - System.nanoTime(), TimeUnit.NANOSECONDS);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            live.arriveAndDeregister();
        }
    }

    private final class Browser {
        private final BrowserSession session;
        private final SplittableRandom thinkRandom;
        private final long sessionEndNanos;

        Browser(BrowserSession session, SplittableRandom thinkRandom, long sessionEndNanos) {
            this.session = session;
            this.thinkRandom = thinkRandom;
            this.sessionEndNanos = sessionEndNanos;
        }

        void schedule(long intendedNanos) {
            if (intendedNanos >= endNanos || intendedNanos >= sessionEndNanos) {
                live.arriveAndDeregister();
                return;
            }
            try {
                clock.schedule(() -> fire(intendedNanos), intendedNanos - System.nanoTime(), TimeUnit.NANOSECONDS);
            } catch (java.util.concurrent.RejectedExecutionException e) {
                live.arriveAndDeregister();
            }
        }

        void fire(long intendedNanos) {
            Interaction interaction = session.current();
            HttpRequest request = HttpRequest.newBuilder(URI.create(config.baseUrl() + session.request()))
                    .timeout(REQUEST_TIMEOUT).GET().build();
            client.sendAsync(request, HttpResponse.BodyHandlers.ofString()).whenComplete((response, failure) -> {
                long end = System.nanoTime();
                List<String> images = List.of();
                try {
                    record(session, interaction, intendedNanos, end, response, failure);
                    if (failure == null && response.statusCode() == 200) {
                        images = ImageLinks.of(response.body());
                    }
                } finally {
                    // whatever the answer, the browser fetches the page's images, thinks and goes on, so none is
                    // lost from the closed loop
                    session.advance();
                    fetchImages(images, 0);
                }
            });
        }

        /**
         * Fetches the page's images one after the other, on the browser's connection as TPC-W's browser emulator
         * does, then thinks; each image is timed from its own request's start, apart from the interaction.
         */
        private void fetchImages(List<String> images, int next) {
            long now = System.nanoTime();
            if (next >= images.size() || now >= endNanos) {
                schedule(now + config.think().sampleNanos(thinkRandom));
                return;
            }
            AtomicLong received = new AtomicLong();
            try {
                HttpRequest request = HttpRequest.newBuilder(config.baseUrl().resolve(images.get(next)))
                        .timeout(REQUEST_TIMEOUT).GET().build();
                client.sendAsync(request, HttpResponse.BodyHandlers.ofByteArrayConsumer(
                        part -> part.ifPresent(b -> received.addAndGet(b.length)))).whenComplete((response, failure) -> {
                            try {
                                recordImage(now, System.nanoTime(), received.get(), response, failure);
                            } finally {
                                fetchImages(images, next + 1);
                            }
                        });
            } catch (RuntimeException e) {
                // the client is closing (the run ended): this browser is done
                live.arriveAndDeregister();
            }
        }
    }

    private void recordImage(long start, long end, long bytes, HttpResponse<?> response, Throwable failure) {
        String failed = failureKind(response, failure);
        if (failed != null) {
            stats.imageFailure(failed, end);
        } else {
            stats.answer(end, bytes, proxyHit(response.headers()));
            stats.image(start, end, bytes);
        }
    }

    private void record(BrowserSession session, Interaction interaction, long intendedNanos, long end,
                        HttpResponse<?> response, Throwable failure) {
        String failed = failureKind(response, failure);
        if (failed != null) {
            stats.failure(failed, end);
        } else {
            try {
                session.answered(state(response));
                stats.answer(end, response.body() instanceof String page ? page.length() : 0,
                        proxyHit(response.headers()));
                stats.success(interaction, intendedNanos, end,
                        proxyHit(response.headers()),
                        response.headers().firstValue("X-App-Cache").filter("hit"::equals).isPresent());
            } catch (NumberFormatException e) {
                stats.failure("bad-state-header", end);
            }
        }
    }

    /** What failed, as the stats count it (the exception's class, or {@code http-STATUS}); null for a 200 answer. */
    private static String failureKind(HttpResponse<?> response, Throwable failure) {
        if (failure != null) {
            Throwable cause = failure.getCause() != null ? failure.getCause() : failure;
            return cause.getClass().getSimpleName();
        }
        return response.statusCode() != 200 ? "http-" + response.statusCode() : null;
    }

    private static Map<String, Long> state(HttpResponse<?> response) {
        Map<String, Long> state = new HashMap<>();
        response.headers().map().forEach((name, values) -> {
            if (name.toLowerCase(java.util.Locale.ROOT).startsWith(STATE_HEADER) && !values.isEmpty()) {
                state.put(name.substring(STATE_HEADER.length()), Long.parseLong(values.get(0)));
            }
        });
        return state;
    }

    private static ThreadFactory daemon(String name) {
        return runnable -> {
            Thread t = new Thread(runnable, name);
            t.setDaemon(true);
            return t;
        };
    }

    /**
     * How many parties are live, with a wait for none; a Phaser would do but holds at most 65,535 parties, which open
     * load at a high arrival rate can exceed.
     */
    private static final class LiveCount {
        private final AtomicInteger parties = new AtomicInteger(1);
        private final CountDownLatch none = new CountDownLatch(1);

        void register() {
            parties.incrementAndGet();
        }

        void arriveAndDeregister() {
            if (parties.decrementAndGet() == 0) {
                none.countDown();
            }
        }

        boolean awaitZero(long timeoutNanos) throws InterruptedException {
            return none.await(timeoutNanos, TimeUnit.NANOSECONDS);
        }
    }
}
