package io.tunescope.store;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The one rule for values read from a database's own settings and counters: a value that may be a secret is
 * replaced by {@link #MASK} before anything holds it. A value is masked when its name looks like a password, key or
 * token ({@code ssl_passphrase_command}, {@code report_password}, {@code s3_secret_access_key}), or when the value
 * itself carries credentials (a URL with a user's password, {@code password=} in a connection string such as
 * PostgreSQL's {@code primary_conninfo}).
 */
public final class SecretMask {
    public static final String MASK = "********";

    private static final Pattern SECRET_NAME = Pattern.compile(
            "password|passwd|passphrase|pwd|secret|token|credential|private_key|access_key|api_key|session_key|auth_key");
    /** Settings named like secrets that hold a policy or an algorithm, never a secret. */
    private static final Set<String> POLICIES = Set.of("password_encryption", "default_password_lifetime",
            "disconnect_on_expired_password", "strict_password_validation", "old_passwords",
            "password_reuse_check_interval", "log_parameter_max_length_on_error");
    /** A URL's user information with a password ({@code scheme://user:pass@host}). */
    private static final Pattern URL_CREDENTIALS = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*://[^\\s/@:]*:[^\\s/@]+@");
    /** {@code password=}, {@code pwd=}, {@code secret=}, {@code token=} inside a connection string or URL. */
    private static final Pattern KEY_VALUE_CREDENTIALS = Pattern.compile(
            "(?i)(^|[\\s;?&,])(password|passwd|pwd|secret|token|sslpassword)\\s*=");

    private SecretMask() {
    }

    /** {@code value}, or {@link #MASK} when the setting or counter {@code name} or the value itself may hold a secret. */
    public static String value(String name, String value) {
        if (value == null || value.isEmpty()) {
            return value;
        }
        return secretName(name) || holdsCredentials(value) ? MASK : value;
    }

    /** Whether a setting of this name holds a secret (a policy named after passwords does not). */
    static boolean secretName(String name) {
        if (name == null) {
            return false;
        }
        String lower = name.toLowerCase(Locale.ROOT);
        return !POLICIES.contains(lower) && SECRET_NAME.matcher(lower).find();
    }

    /** Whether a value carries credentials: a URL with a password, or a password in a connection string. */
    static boolean holdsCredentials(String value) {
        return URL_CREDENTIALS.matcher(value).find() || KEY_VALUE_CREDENTIALS.matcher(value).find();
    }
}
