package io.tunescope.shop;

/**
 * The 14 web interactions of TPC-W, each with its page path, its 90th-percentile response-time limit and whether it
 * counts as browse or order in the specification's mix table (Chung and Hollingsworth 2004, Table 1).
 */
public enum Interaction {
    HOME("Home", "home", 3_000, true),
    NEW_PRODUCTS("New Products", "new-products", 5_000, true),
    BEST_SELLERS("Best Sellers", "best-sellers", 5_000, true),
    PRODUCT_DETAIL("Product Detail", "product-detail", 3_000, true),
    SEARCH_REQUEST("Search Request", "search-request", 3_000, true),
    SEARCH_RESULTS("Search Results", "search-results", 10_000, true),
    SHOPPING_CART("Shopping Cart", "shopping-cart", 3_000, false),
    CUSTOMER_REGISTRATION("Customer Registration", "customer-registration", 3_000, false),
    BUY_REQUEST("Buy Request", "buy-request", 3_000, false),
    BUY_CONFIRM("Buy Confirm", "buy-confirm", 5_000, false),
    ORDER_INQUIRY("Order Inquiry", "order-inquiry", 3_000, false),
    ORDER_DISPLAY("Order Display", "order-display", 3_000, false),
    ADMIN_REQUEST("Admin Request", "admin-request", 3_000, false),
    ADMIN_CONFIRM("Admin Confirm", "admin-confirm", 20_000, false);

    private final String title;
    private final String path;
    private final long limitMillis;
    private final boolean browse;

    Interaction(String title, String path, long limitMillis, boolean browse) {
        this.title = title;
        this.path = path;
        this.limitMillis = limitMillis;
        this.browse = browse;
    }

    /** The name the specification uses, e.g. {@code Best Sellers}. */
    public String title() {
        return title;
    }

    /** The last segment of the page's URL, e.g. {@code best-sellers}. */
    public String path() {
        return path;
    }

    /** The specification's limit on the 90th-percentile response time. */
    public long limitMillis() {
        return limitMillis;
    }

    /** Whether the specification's mix table counts it as browse (true) or order (false). */
    public boolean browse() {
        return browse;
    }

    /** The interaction served at {@code path}, or null. */
    public static Interaction ofPath(String path) {
        for (Interaction i : values()) {
            if (i.path.equals(path)) {
                return i;
            }
        }
        return null;
    }
}
