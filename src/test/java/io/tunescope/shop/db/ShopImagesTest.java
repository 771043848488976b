package io.tunescope.shop.db;

import io.tunescope.shop.ShopScale;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The items' images: TPC-W's sizes, the same bytes every time, and a path for each item once the store is populated. */
class ShopImagesTest {
    /** The store's SQL as its engine, from the registry, speaks it. */
    private static final io.tunescope.engine.SqlDialect DIALECT =
            io.tunescope.engine.Engines.byId("h2").dialect();

    @Test
    void sizesAreTheSpecificationsAndTheBytesAreAlwaysTheSame() {
        List<Integer> images = new ArrayList<>();
        for (long id = 1; id <= 2_000; id++) {
            int thumb = new ShopImages.Image(true, id).bytes();
            assertThat(thumb).isBetween(4_600, 5_640);
            images.add(new ShopImages.Image(false, id).bytes());
        }
        assertThat(images).allSatisfy(b -> assertThat(b).isBetween(ShopImages.SMALLEST_IMAGE_BYTES,
                ShopImages.LARGEST_IMAGE_BYTES));
        assertThat(images.stream().filter(b -> b > 100 * 1024).count()).as("a few large ones").isBetween(200L, 800L);
        assertThat(images.stream().filter(b -> b < 20 * 1024).count()).as("many small ones").isGreaterThan(500L);
        ShopImages.Image one = new ShopImages.Image(false, 142);
        assertThat(one.content()).hasSize(one.bytes()).startsWith('G', 'I', 'F', '8', '9', 'a')
                .isEqualTo(new ShopImages.Image(false, 142).content());
        assertThat(new ShopImages.Image(true, 142).content()).isNotEqualTo(new ShopImages.Image(true, 143).content());
    }

    @Test
    void pathsParseBackAndPagesNameThem() {
        assertThat(ShopImages.parse(ShopImages.thumbnailPath(142))).contains(new ShopImages.Image(true, 142));
        assertThat(ShopImages.parse(ShopImages.imagePath(7))).contains(new ShopImages.Image(false, 7));
        assertThat(ShopImages.parse("img41/thumb_142.gif")).as("the directory is the id modulo 100").isEmpty();
        assertThat(ShopImages.parse("../etc/passwd")).isEmpty();
        assertThat(ShopImages.parse("img0/image_0.gif")).isEmpty();
        assertThat(ShopImages.pathsIn("12 | a title | img12/thumb_12.gif and img3/image_103.gif"))
                .containsExactly("img12/thumb_12.gif", "img3/image_103.gif");
    }

    @Test
    void everyPopulatedItemNamesItsTwoImages() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:h2:mem:shop-images;DB_CLOSE_DELAY=0")) {
            ShopPopulator.populate(c, DIALECT, new ShopScale(1_000, 1, 100), 3);
            int items = 0;
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(
                    "SELECT i_id, i_thumbnail, i_image FROM item")) {
                while (r.next()) {
                    items++;
                    long id = r.getLong(1);
                    assertThat(ShopImages.parse(r.getString(2))).contains(new ShopImages.Image(true, id));
                    assertThat(ShopImages.parse(r.getString(3))).contains(new ShopImages.Image(false, id));
                }
            }
            assertThat(items).isEqualTo(1_000);
        }
    }
}
