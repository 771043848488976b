package io.tunescope.shop.db;

import io.tunescope.BadInputException;

import java.sql.Connection;
import java.sql.Date;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The two administrative interactions of TPC-W. */
final class AdminTransactions {
    /** Admin Confirm looks for items bought together with the item in this many latest orders (TPC-W clause 2.16). */
    static final int RELATED_ORDERS = 10_000;
    private static final int RELATED = 5;

    private AdminTransactions() {
    }

    static ShopPage adminRequest(Connection c, ShopRequest r) throws SQLException {
        return ShopPage.of("Admin Request", BrowseTransactions.item(c, r.id("i_id")));
    }

    /**
     * Sets item {@code i_id}'s cost, image and publication date, and its five related items to those most often
     * bought with it over the latest 10,000 orders (its current related items fill any places left).
     */
    static ShopPage adminConfirm(Connection c, ShopRequest r) throws SQLException {
        long item = r.id("i_id");
        var cost = r.money("cost");
        long[] current = Sql.longs(c, "SELECT i_related1, i_related2, i_related3, i_related4, i_related5 FROM item"
                + " WHERE i_id = ?", item).orElseThrow(() -> BadInputException.of("i_id", item,
                "must name an item of the store"));
        long oldest = Sql.longs(c, "SELECT MIN(o_id) FROM (SELECT o_id FROM orders ORDER BY o_id DESC LIMIT "
                + RELATED_ORDERS + ") latest").map(v -> v[0]).orElse(0L);
        List<String> together = Sql.lines(c, "SELECT ol_i_id FROM order_line WHERE ol_o_id >= ? AND ol_i_id <> ?"
                + " AND ol_o_id IN (SELECT ol_o_id FROM order_line WHERE ol_i_id = ? AND ol_o_id >= ?)"
                + " GROUP BY ol_i_id ORDER BY SUM(ol_qty) DESC, ol_i_id LIMIT " + RELATED, oldest, item, item, oldest);
        Set<Long> related = new LinkedHashSet<>();
        together.forEach(id -> related.add(Long.parseLong(id)));
        for (long id : current) {
            if (related.size() < RELATED && id != item) {
                related.add(id);
            }
        }
        Long[] ids = related.toArray(Long[]::new);
        String image = ShopImages.imagePath(item);
        Sql.update(c, "UPDATE item SET i_cost = ?, i_image = ?, i_thumbnail = ?, i_pub_date = ?, i_related1 = ?,"
                        + " i_related2 = ?, i_related3 = ?, i_related4 = ?, i_related5 = ? WHERE i_id = ?", cost, image,
                ShopImages.thumbnailPath(item), Date.valueOf(LocalDate.now()), at(ids, 0),
                at(ids, 1), at(ids, 2), at(ids, 3), at(ids, 4), item);
        return new ShopPage("Admin Confirm", BrowseTransactions.item(c, item), Map.of());
    }

    private static Long at(Long[] ids, int k) {
        return k < ids.length ? ids[k] : ids[ids.length - 1];
    }
}
