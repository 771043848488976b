package io.tunescope.config;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class JdbcUrlsTest {
    @Test
    void masksPasswordsInParametersAndUserInfo() {
        assertThat(JdbcUrls.redact("jdbc:postgresql://h:5432/db?user=a&password=s3cret&ssl=true"))
                .isEqualTo("jdbc:postgresql://h:5432/db?user=a&password=***&ssl=true");
        assertThat(JdbcUrls.redact("jdbc:mariadb://bob:s3cret@h:3306/db")).isEqualTo("jdbc:mariadb://bob:***@h:3306/db");
        assertThat(JdbcUrls.redact("jdbc:derby:memory:x;create=true;PASSWORD=pw")).isEqualTo("jdbc:derby:memory:x;create=true;PASSWORD=***");
        assertThat(JdbcUrls.redact("jdbc:duckdb:")).isEqualTo("jdbc:duckdb:");
    }

    @Test
    void tellsLocalServersFromRemoteOnes() {
        assertThat(JdbcUrls.isLoopback("jdbc:postgresql://127.0.0.1:5432/postgres")).isTrue();
        assertThat(JdbcUrls.isLoopback("jdbc:postgresql://localhost/postgres")).isTrue();
        assertThat(JdbcUrls.isLoopback("jdbc:postgresql://[::1]:5432/postgres")).isTrue();
        assertThat(JdbcUrls.isLoopback("jdbc:postgresql://db.example.com:5432/postgres")).isFalse();
        assertThat(JdbcUrls.isLoopback("jdbc:mariadb://bob:pw@10.0.0.5/db")).isFalse();
        assertThat(JdbcUrls.isLoopback("jdbc:duckdb:")).isFalse();
    }
}
