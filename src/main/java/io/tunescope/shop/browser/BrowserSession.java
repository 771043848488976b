package io.tunescope.shop.browser;

import io.tunescope.shop.Interaction;
import io.tunescope.shop.ShopScale;
import io.tunescope.shop.db.ShopText;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * One emulated browser's session: the page it is on, the customer it shops as, its cart, the item it last looked
 * at; it builds each request's query from them and keeps the keys the store sends back.
 */
final class BrowserSession {
    /** The share of buyers who register as new customers rather than log in (the rest are returning). */
    static final double NEW_CUSTOMER_SHARE = 0.2;

    /** The chain in force now: the emulated browsers swap it when the mix changes. */
    private final java.util.function.Supplier<TransitionMatrix> matrix;
    private final ShopScale scale;
    private final SplittableRandom random;
    private Interaction current;
    private Interaction previous;
    private long customer;
    private long cart;
    private long item;
    private boolean registering;

    BrowserSession(TransitionMatrix matrix, ShopScale scale, SplittableRandom random) {
        this(() -> matrix, scale, random);
    }

    BrowserSession(java.util.function.Supplier<TransitionMatrix> matrix, ShopScale scale, SplittableRandom random) {
        this.matrix = matrix;
        this.scale = scale;
        this.random = random;
        this.customer = randomCustomer();
        this.item = randomItem();
        this.current = matrix.get().first(random);
    }

    Interaction current() {
        return current;
    }

    /** The path and query of the current interaction's request, relative to the store's base URL. */
    String request() {
        Map<String, Object> q = new LinkedHashMap<>();
        switch (current) {
            case HOME -> q.putAll(Map.of("i_id", randomItem(), "c_id", customer));
            case NEW_PRODUCTS, BEST_SELLERS -> q.put("subject", randomSubject());
            case PRODUCT_DETAIL, ADMIN_REQUEST -> q.put("i_id", item = randomItem());
            case SEARCH_REQUEST -> q.put("i_id", randomItem());
            case SEARCH_RESULTS -> search(q);
            case SHOPPING_CART -> cart(q);
            case CUSTOMER_REGISTRATION -> {
                registering = random.nextDouble() < NEW_CUSTOMER_SHARE;
                q.put("c_id", customer);
            }
            case BUY_REQUEST -> buyRequest(q);
            case BUY_CONFIRM -> q.putAll(Map.of("sc_id", cart, "c_id", customer, "ship", "AIR", "card", "VISA",
                    "i_id", randomItem()));
            case ORDER_INQUIRY -> q.put("c_id", customer);
            case ORDER_DISPLAY -> {
                String uname = ShopText.userName(customer);
                q.putAll(Map.of("uname", uname, "passwd", ShopText.password(uname)));
            }
            case ADMIN_CONFIRM -> q.putAll(Map.of("i_id", item, "cost", (random.nextInt(100, 100_000) / 100.0)));
            default -> throw new IllegalStateException("unknown interaction " + current);
        }
        q.values().removeIf(v -> v instanceof Long l && l == 0);
        StringBuilder b = new StringBuilder(current.path());
        char sep = '?';
        for (var e : q.entrySet()) {
            b.append(sep).append(e.getKey()).append('=')
                    .append(URLEncoder.encode(String.valueOf(e.getValue()), StandardCharsets.UTF_8));
            sep = '&';
        }
        return b.toString();
    }

    private void search(Map<String, Object> q) {
        String type = ShopText.pick(random, java.util.List.of("author", "title", "subject"));
        q.put("type", type);
        q.put("q", type.equals("subject") ? randomSubject() : String.valueOf((char) ('A' + random.nextInt(26))));
    }

    private void cart(Map<String, Object> q) {
        q.put("sc_id", cart);
        if (previous == Interaction.PRODUCT_DETAIL || cart == 0) {
            q.put("add", item);
        }
    }

    private void buyRequest(Map<String, Object> q) {
        q.put("sc_id", cart);
        q.put("i_id", randomItem());
        if (registering) {
            q.putAll(Map.of("fname", "New", "lname", "Customer", "co_id", 1 + random.nextInt(ShopScale.COUNTRIES)));
        } else {
            q.put("c_id", customer);
        }
    }

    /** Keeps the keys of a successful answer ({@code X-Shop-sc_id}, {@code X-Shop-c_id}). */
    void answered(Map<String, Long> state) {
        cart = state.getOrDefault("sc_id", cart);
        customer = state.getOrDefault("c_id", customer);
    }

    /** Moves to the next page. */
    void advance() {
        previous = current;
        current = matrix.get().next(current, random);
    }

    private long randomItem() {
        return 1 + random.nextInt(scale.items());
    }

    private long randomCustomer() {
        return 1 + random.nextInt(scale.customers());
    }

    private String randomSubject() {
        return ShopText.pick(random, ShopText.SUBJECTS);
    }
}
