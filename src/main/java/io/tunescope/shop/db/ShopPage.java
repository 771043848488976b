package io.tunescope.shop.db;

import java.util.List;
import java.util.Map;

/**
 * What one interaction found, before it becomes HTML: a title, lines of text, and the keys the browser keeps for
 * its session ({@code sc_id}, {@code c_id}, {@code o_id}) which the application returns as headers.
 */
public record ShopPage(String title, List<String> lines, Map<String, Long> state) {
    public ShopPage {
        lines = List.copyOf(lines);
        state = Map.copyOf(state);
    }

    public static ShopPage of(String title, List<String> lines) {
        return new ShopPage(title, lines, Map.of());
    }
}
