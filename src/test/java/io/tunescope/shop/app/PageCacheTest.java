package io.tunescope.shop.app;

import io.tunescope.BadInputException;
import io.tunescope.shop.Interaction;
import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The application node's page cache: hits while fresh, bounded by its entries, never private pages. */
class PageCacheTest {
    @Test
    void servesHitsWhileFreshAndStaysBounded() {
        AtomicLong now = new AtomicLong();
        PageCache cache = new PageCache(3, 1_000, now::get);
        assertThat(cache.get("/shop/best-sellers?subject=ARTS")).isNull();
        cache.put("/shop/best-sellers?subject=ARTS", "<p>arts</p>");
        assertThat(cache.get("/shop/best-sellers?subject=ARTS")).isEqualTo("<p>arts</p>");
        for (int k = 0; k < 100; k++) {
            cache.put("/shop/product-detail?i_id=" + k, "p" + k);
            assertThat(cache.size()).isLessThanOrEqualTo(3);
        }
        assertThat(cache.get("/shop/product-detail?i_id=99")).isEqualTo("p99");
        assertThat(cache.get("/shop/product-detail?i_id=0")).as("evicted, least recently used").isNull();
        now.addAndGet(1_000);
        assertThat(cache.get("/shop/product-detail?i_id=99")).as("expired after its TTL").isNull();
        assertThat(cache.hits()).isEqualTo(2);
        assertThat(cache.misses()).isEqualTo(3);
        PageCache off = new PageCache(0, 1_000, now::get);
        off.put("k", "v");
        assertThat(off.enabled()).isFalse();
        assertThat(off.size()).isZero();
    }

    @Test
    void onlyReadMostlyPagesAreCacheable() {
        assertThat(PageCache.CACHEABLE).contains(Interaction.BEST_SELLERS, Interaction.NEW_PRODUCTS,
                Interaction.PRODUCT_DETAIL, Interaction.SEARCH_RESULTS).doesNotContain(Interaction.SHOPPING_CART,
                Interaction.BUY_REQUEST, Interaction.BUY_CONFIRM, Interaction.ORDER_DISPLAY,
                Interaction.ORDER_INQUIRY, Interaction.ADMIN_REQUEST, Interaction.ADMIN_CONFIRM,
                Interaction.CUSTOMER_REGISTRATION);
        assertThatThrownBy(() -> new AppKnobs(8, 64, 128, 16, -1, 5_000, 5))
                .isInstanceOf(BadInputException.class).hasMessageContaining("app-cache-entries (-1)");
    }
}
