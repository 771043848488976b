package io.tunescope.shop.app;

import io.tunescope.shop.Interaction;
import io.tunescope.shop.db.ShopImages;
import io.tunescope.shop.db.ShopPage;

/**
 * The small HTML pages of the bookstore: a title, a navigation bar and the interaction's lines, each followed by the
 * item images it names.
 */
final class Pages {
    private static final String NAV = "<p><a href=\"/shop/home\">Home</a> | <a href=\"/shop/search-request\">Search</a>"
            + " | <a href=\"/shop/shopping-cart\">Shopping Cart</a>"
            + " | <a href=\"/shop/order-inquiry\">Order Status</a></p>";

    private Pages() {
    }

    static String of(ShopPage page) {
        StringBuilder b = head(page.title());
        b.append(NAV).append("<ul>\n");
        for (String line : page.lines()) {
            b.append("<li>").append(escape(line));
            // the item images a line names (promotions' thumbnails, an item's full image), for the browser to fetch
            for (String image : ShopImages.pathsIn(line)) {
                b.append(" <img src=\"").append(ShopImages.URL_PREFIX).append(image).append("\" alt=\"\">");
            }
            b.append("</li>\n");
        }
        return b.append("</ul></body></html>\n").toString();
    }

    /** An error page: the status and a one-line reason, never a stack trace. */
    static String error(int status, String reason) {
        return head("Error " + status).append("<p>").append(escape(reason)).append("</p>").append(NAV)
                .append("</body></html>\n").toString();
    }

    /** The index: one link per interaction. */
    static String index() {
        StringBuilder b = head("TPC-W bookstore").append("<ul>\n");
        for (Interaction i : Interaction.values()) {
            b.append("<li><a href=\"/shop/").append(i.path()).append("\">").append(i.title()).append("</a></li>\n");
        }
        return b.append("</ul></body></html>\n").toString();
    }

    private static StringBuilder head(String title) {
        return new StringBuilder("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>").append(escape(title))
                .append("</title></head><body><h1>").append(escape(title)).append("</h1>\n");
    }

    static String escape(String text) {
        StringBuilder b = new StringBuilder(text.length());
        for (char ch : text.toCharArray()) {
            switch (ch) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(ch);
            }
        }
        return b.toString();
    }
}
