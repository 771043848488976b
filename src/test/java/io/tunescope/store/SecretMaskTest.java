package io.tunescope.store;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SecretMaskTest {
    @Test
    void settingsNamedLikeSecretsAreMaskedButPoliciesNamedAfterPasswordsAreNot() {
        assertThat(SecretMask.value("tunescope.secret_password", "hunter2")).isEqualTo(SecretMask.MASK);
        assertThat(SecretMask.value("report_password", "x")).isEqualTo(SecretMask.MASK);
        assertThat(SecretMask.value("s3_secret_access_key", "AKIA")).isEqualTo(SecretMask.MASK);
        assertThat(SecretMask.value("vault.api_token", "t")).isEqualTo(SecretMask.MASK);
        assertThat(SecretMask.value("password_encryption", "scram-sha-256")).isEqualTo("scram-sha-256");
        assertThat(SecretMask.value("work_mem", "4096")).isEqualTo("4096");
        assertThat(SecretMask.value("ssl_key_file", "server.key")).isEqualTo("server.key");
    }

    @Test
    void valuesCarryingCredentialsAreMaskedWhateverTheirName() {
        for (String value : List.of("host=db user=rep password=s3cret", "postgresql://rep:s3cret@db:5432/x",
                "jdbc:mysql://db/x?user=a&password=s3cret", "jdbc:derby:x;user=a;password=s3cret",
                "mysql://u:p@h")) {
            assertThat(SecretMask.value("primary_conninfo", value)).as(value).isEqualTo(SecretMask.MASK);
        }
        for (String value : List.of("host=db user=rep", "postgresql://db:5432/x", "http://proxy:3128/",
                "$user, public", "")) {
            assertThat(SecretMask.value("some_setting", value)).as(value).isEqualTo(value);
        }
        assertThat(SecretMask.value("some_setting", null)).isNull();
    }

    @Test
    void aSettingOrCounterNeverHoldsTheSecretOnceBuilt() {
        EngineSetting s = new EngineSetting("app.db_password", "p", null, "configuration file", "dflt", true);
        assertThat(s.value()).isEqualTo(SecretMask.MASK);
        assertThat(s.defaultValue()).isEqualTo(SecretMask.MASK);
        assertThat(new EngineReading.Counter("v", "dsn", "mysql://u:p@h/x").value()).isEqualTo(SecretMask.MASK);
    }
}
