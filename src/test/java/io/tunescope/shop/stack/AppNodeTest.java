package io.tunescope.shop.stack;

import io.tunescope.engine.Processes;
import io.tunescope.shop.ShopScale;
import io.tunescope.shop.app.AppKnobs;
import io.tunescope.shop.db.ShopPopulator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** One application node in its own JVM over the H2 tier: pages, malformed requests, and nothing left after stop. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AppNodeTest {
    /** The store's SQL as its engine, from the registry, speaks it. */
    private static final io.tunescope.engine.SqlDialect DIALECT =
            io.tunescope.engine.Engines.byId("h2").dialect();

    private final HttpClient client = HttpClient.newHttpClient();
    private H2Database database;
    private AppNode node;
    private final List<Long> pids = new ArrayList<>();

    @BeforeAll
    void start(@TempDir Path dir) throws Exception {
        database = H2Database.start(dir.resolve("h2.log"));
        try (Connection c = DriverManager.getConnection(database.jdbcUrl(), database.user(), database.password())) {
            ShopPopulator.populate(c, DIALECT, new ShopScale(1_000, 1, 100), 3);
        }
        node = AppNode.start("app1", new AppKnobs(2, 8, 16, 2).withCache(4, 60_000), database, dir.resolve("app1.log"));
        pids.add(node.pid());
        pids.addAll(database.pids());
    }

    @AfterAll
    void stopLeavesNothingRunning() {
        if (node != null) {
            node.close();
        }
        if (database != null) {
            database.close();
        }
        for (long pid : pids) {
            assertThat(Processes.isRunning(pid)).as("pid %d after stop", pid).isFalse();
        }
    }

    private HttpResponse<String> get(String pathAndQuery) throws Exception {
        return client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.port() + pathAndQuery))
                .build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void servesTheInteractionsAsHtmlWithSessionKeysInHeaders() throws Exception {
        HttpResponse<String> home = get("/shop/home?i_id=3&c_id=2");
        assertThat(home.statusCode()).isEqualTo(200);
        assertThat(home.body()).contains("<title>Home</title>").contains("<li>");
        HttpResponse<String> cart = get("/shop/shopping-cart?add=5");
        assertThat(cart.statusCode()).isEqualTo(200);
        assertThat(cart.headers().firstValue("X-Shop-sc_id")).isPresent();
        assertThat(get("/shop/").body()).contains("Admin Confirm");
    }

    @Test
    void readMostlyPagesComeFromTheNodesCacheAndPrivateOnesNever() throws Exception {
        HttpResponse<String> first = get("/shop/new-products?subject=HISTORY");
        HttpResponse<String> second = get("/shop/new-products?subject=HISTORY");
        assertThat(first.headers().firstValue("X-App-Cache")).hasValue("miss");
        assertThat(second.headers().firstValue("X-App-Cache")).hasValue("hit");
        assertThat(second.body()).isEqualTo(first.body());
        assertThat(second.headers().firstValue("Cache-Control")).hasValue("public, max-age=5");
        HttpResponse<String> cart = get("/shop/shopping-cart?add=5");
        assertThat(cart.headers().firstValue("X-App-Cache")).isEmpty();
        assertThat(cart.headers().firstValue("Cache-Control")).hasValue("no-store");
        assertThat(get("/shop/buy-request?c_id=2").headers().firstValue("Cache-Control")).hasValue("no-store");
    }

    @Test
    void malformedRequestsGetA4xxPageWithoutAStackTrace() throws Exception {
        for (String bad : List.of("/shop/product-detail?i_id=abc", "/shop/product-detail",
                "/shop/product-detail?i_id=0",
                "/shop/new-products?subject=%3Cscript%3E", "/shop/search-results?type=x&q=a",
                "/shop/admin-confirm?i_id=1&cost=-5")) {
            HttpResponse<String> r = get(bad);
            assertThat(r.statusCode()).as(bad).isEqualTo(400);
            assertThat(r.body()).as(bad).doesNotContain("Exception").doesNotContain("at io.")
                    .doesNotContain("<script>");
        }
        assertThat(get("/shop/no-such-page").statusCode()).isEqualTo(404);
        HttpResponse<String> post = client.send(HttpRequest.newBuilder(URI.create(node.baseUrl() + "home"))
                .POST(HttpRequest.BodyPublishers.ofString("x")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(post.statusCode()).isEqualTo(405);
    }

    @Test
    void malformedHttpGets400() throws Exception {
        for (String request : List.of("GET /shop/product-detail?i_id=%zz HTTP/1.1\r\nHost: x\r\nConnection: close",
                "GET /shop/home?i_id=1 HTTP/1.1\r\nHost: x\r\nno colon in this header")) {
            try (Socket s = new Socket("127.0.0.1", node.port())) {
                OutputStream out = s.getOutputStream();
                out.write((request + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                out.flush();
                InputStream in = s.getInputStream();
                String answer = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
                assertThat(answer).as(request).startsWith("HTTP/1.1 400").doesNotContain("Exception")
                        .doesNotContain("\tat ").doesNotContain("Jetty(");
            }
        }
    }
}
