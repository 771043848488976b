package io.tunescope.shop.browser;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** What the browsers count of every answer: requests and bytes, those the proxy's cache sent, images apart. */
class TrafficTest {
    @Test
    void hitRatiosByRequestsAndBytesOverTheMeasuredAnswersOnly() {
        BrowserStats stats = new BrowserStats(1_000_000_000L, 2_000_000_000L);
        stats.answer(1_100_000_000L, 1_000, false);
        stats.answer(1_200_000_000L, 3_000, true);
        stats.answer(1_300_000_000L, 6_000, false);
        stats.image(1_250_000_000L, 1_300_000_000L, 6_000);
        stats.answer(2_500_000_000L, 9_999, true);
        stats.image(2_400_000_000L, 2_500_000_000L, 9_999);
        stats.imageFailure("http-404", 1_400_000_000L);
        Traffic t = stats.result().traffic();
        assertThat(t.requests()).isEqualTo(3);
        assertThat(t.requestHitPercent()).isCloseTo(33.33, org.assertj.core.data.Offset.offset(0.01));
        assertThat(t.byteHitPercent()).isEqualTo(30.0);
        assertThat(t.images()).as("the one measured").isEqualTo(1);
        assertThat(t.imageBytes()).isEqualTo(6_000);
        assertThat(t.imageP90Millis()).isCloseTo(50.0, org.assertj.core.data.Offset.offset(0.1));
        assertThat(t.imageErrors()).isEqualTo(1);
        assertThat(stats.result().errorsByKind()).containsEntry("image-http-404", 1L);
        assertThat(stats.result().completed()).as("images are no interactions").isZero();
        Traffic two = Traffic.sum(List.of(t, t));
        assertThat(two.requests()).isEqualTo(6);
        assertThat(two.byteHitPercent()).isEqualTo(30.0);
        assertThat(two.imageP90Millis()).isEqualTo(t.imageP90Millis());
    }
}
