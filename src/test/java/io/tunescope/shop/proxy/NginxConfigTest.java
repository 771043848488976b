package io.tunescope.shop.proxy;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** The generated nginx.conf and the regular expression that stands in for a largest-object limit. */
class NginxConfigTest {
    @Test
    void greaterThanMatchesExactlyTheLargerNumbers() {
        for (long limit : List.of(0L, 1L, 9L, 10L, 65_536L, 99_999L, 100_000L, 123_456L, 900L)) {
            Pattern p = Pattern.compile(NginxConfig.greaterThan(limit));
            for (long n = 0; n <= 200_000; n += n < 2_000 ? 1 : 7) {
                assertThat(p.matcher(Long.toString(n)).matches()).as("%d > %d", n, limit).isEqualTo(n > limit);
            }
            assertThat(p.matcher(Long.toString(limit + 1)).matches()).isTrue();
            assertThat(p.matcher(Long.toString(limit)).matches()).isFalse();
        }
    }

    @Test
    void balancesOverEveryNodeWithPassiveHealthAndCachesOnlyWithinTheKnobs() {
        String conf = NginxConfig.render(new ProxyKnobs(32, 8, 2, 512, 7), Path.of("/r/proxy"), 18080,
                List.of(4001, 4002), false);
        assertThat(conf).contains("listen 127.0.0.1:18080;")
                .contains("server 127.0.0.1:4001 max_fails=1 fail_timeout=7s;")
                .contains("server 127.0.0.1:4002 max_fails=1 fail_timeout=7s;")
                .contains("proxy_next_upstream error http_502 http_503;")
                .contains("max_size=32m").contains("worker_processes 2;").contains("worker_connections 512;")
                .contains("proxy_no_cache $shop_too_big;").contains("daemon off;")
                .contains("pid /r/proxy/nginx.pid;").doesNotContain("user root");
        assertThat(conf).contains("\"~" + NginxConfig.greaterThan(8 * 1024) + "\" 1;");
        String noCache = NginxConfig.render(new ProxyKnobs(0, 8, 1, 512, 7), Path.of("/r/proxy"), 18080,
                List.of(4001), true);
        assertThat(noCache).doesNotContain("proxy_cache ").doesNotContain("proxy_cache_path").contains("user root;");
    }
}
