package io.tunescope.shop.db;

/** How many rows of each populated table were loaded (the cardinalities {@code ShopScale} asks for). */
public record ShopCounts(int items, int authors, int countries, int customers, int addresses, int orders,
                         long orderLines) {
}
