package io.tunescope.shop.proxy;

import io.tunescope.shop.Interaction;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RoutedNginxConfigTest {
    @Test
    void browsePagesGoToTheBrowseTierAndTheRestToTheOrderTier() {
        Pattern browse = Pattern.compile(RoutedNginxConfig.browsePattern());
        for (Interaction i : Interaction.values()) {
            assertThat(browse.matcher("/shop/" + i.path()).matches()).as("%s", i).isEqualTo(i.browse());
        }
        assertThat(browse.matcher("/shop/home-x").matches()).isFalse();
        assertThat(browse.matcher(io.tunescope.shop.db.ShopImages.URL_PREFIX + io.tunescope.shop.db.ShopImages.thumbnailPath(7)).matches())
                .as("the item images go with the browse pages that show them").isTrue();
        String text = RoutedNginxConfig.render(ProxyKnobs.DEFAULTS, Path.of("/tmp/p"), 8080, List.of(9001, 9002),
                List.of(9003), false);
        String browseBlock = text.substring(text.indexOf("upstream shop_browse"), text.indexOf("upstream shop_order"));
        String orderBlock = text.substring(text.indexOf("upstream shop_order"), text.indexOf("server {"));
        assertThat(browseBlock).contains("127.0.0.1:9001", "127.0.0.1:9002").doesNotContain("9003");
        assertThat(orderBlock).contains("127.0.0.1:9003").doesNotContain("9001");
        assertThat(text).contains("location ~ ^/shop/(home|", "proxy_pass http://shop_browse;",
                "proxy_pass http://shop_order;", "listen 127.0.0.1:8080;", "X-Upstream-Addr", "proxy_cache shop;");
    }

    @Test
    void aTierWithoutNodesIsServedByTheOther() {
        String text = RoutedNginxConfig.render(new ProxyKnobs(0, 64, 1, 1024, 10), Path.of("/tmp/p"), 8080, List.of(),
                List.of(9003), true);
        String browseBlock = text.substring(text.indexOf("upstream shop_browse"), text.indexOf("upstream shop_order"));
        assertThat(browseBlock).contains("127.0.0.1:9003");
        assertThat(text).contains("user root;").doesNotContain("proxy_cache");
        assertThatThrownBy(() -> RoutedNginxConfig.render(ProxyKnobs.DEFAULTS, Path.of("/tmp/p"), 1, List.of(),
                List.of(), false)).isInstanceOf(IllegalArgumentException.class);
    }
}
