package io.tunescope.shop.browser;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The images a page references, as the browsers find them. */
class ImageLinksTest {
    @Test
    void findsEveryImageInOrder() {
        String page = "<ul><li>1 | x <img src=\"/shop/images/img1/thumb_1.gif\" alt=\"\"></li>"
                + "<li>2 <img src=\"/shop/images/img2/image_2.gif\" alt=\"\"></li><li>3</li></ul>";
        assertThat(ImageLinks.of(page)).containsExactly("/shop/images/img1/thumb_1.gif",
                "/shop/images/img2/image_2.gif");
        assertThat(ImageLinks.of("<p>no images</p>")).isEmpty();
        assertThat(ImageLinks.of("<img src=\"unterminated")).isEmpty();
    }
}
