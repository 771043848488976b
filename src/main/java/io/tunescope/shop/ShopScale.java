package io.tunescope.shop;

import io.tunescope.BadInputException;

import java.util.List;

/**
 * How big the bookstore's database is. The TPC-W sizing rules: items one of 1K, 10K, 100K or 1M; customers = 2880 ×
 * browsers; addresses = 2 × customers; orders = 0.9 × customers; authors = items / 4; 92 countries. Short runs may
 * divide the customer-driven tables by {@code scaleDown} (documented in docs/shop.md); 1 is the specification.
 */
public record ShopScale(int items, int browsers, int scaleDown) {
    public static final List<Integer> ITEM_COUNTS = List.of(1_000, 10_000, 100_000, 1_000_000);
    public static final int COUNTRIES = 92;
    public static final int CUSTOMERS_PER_BROWSER = 2_880;
    /**
     * The most browsers: the largest table, addresses = 2 × 2880 × browsers at scale-down 1, must fit the 32-bit
     * row counts and keys of the store.
     */
    public static final int MOST_BROWSERS = Integer.MAX_VALUE / (2 * CUSTOMERS_PER_BROWSER);

    public ShopScale {
        if (!ITEM_COUNTS.contains(items)) {
            throw BadInputException.of("items", items, "must be one of 1000, 10000, 100000, 1000000 (TPC-W sizes)");
        }
        if (browsers < 1) {
            throw BadInputException.of("browsers", browsers, "must be at least 1");
        }
        if (browsers > MOST_BROWSERS) {
            throw BadInputException.of("browsers", browsers, "must be at most " + MOST_BROWSERS + " (addresses = 2 x "
                    + CUSTOMERS_PER_BROWSER + " x browsers must fit a 32-bit count)");
        }
        if (scaleDown < 1) {
            throw BadInputException.of("scale-down", scaleDown, "must be at least 1 (1 is the specification's size)");
        }
    }

    public int customers() {
        return Math.max(1, (int) ((long) CUSTOMERS_PER_BROWSER * browsers / scaleDown));
    }

    public int addresses() {
        return 2 * customers();
    }

    public int orders() {
        return Math.max(1, customers() * 9 / 10);
    }

    public int authors() {
        return items / 4;
    }
}
