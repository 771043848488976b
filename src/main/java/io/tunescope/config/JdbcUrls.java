package io.tunescope.config;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What tunescope needs to know about a JDBC URL without ever showing a password in it. */
public final class JdbcUrls {
    private static final Pattern PASSWORD_PARAMETER = Pattern.compile("(?i)(password=)[^&;]*");
    private static final Pattern USER_INFO = Pattern.compile("(//[^/@:]*:)[^/@]*@");
    private static final Pattern HOST = Pattern.compile("^jdbc:[a-z0-9]+://(?:[^/@]*@)?(\\[[^\\]]+\\]|[^/:?;,]+)",
            Pattern.CASE_INSENSITIVE);

    private JdbcUrls() {
    }

    /** The URL with every password masked: {@code password=...} parameters and {@code //user:secret@host}. */
    public static String redact(String url) {
        if (url == null) {
            return null;
        }
        String masked = PASSWORD_PARAMETER.matcher(url).replaceAll("$1***");
        return USER_INFO.matcher(masked).replaceAll("$1***@");
    }

    /**
     * True when the URL names a server on this machine (localhost, 127.x, ::1): only then are the server's process
     * ids (e.g. PostgreSQL backends) processes this machine can observe.
     */
    public static boolean isLoopback(String url) {
        Matcher m = HOST.matcher(url == null ? "" : url);
        if (!m.find()) {
            return false;
        }
        String host = m.group(1).toLowerCase(Locale.ROOT);
        return host.equals("localhost") || host.startsWith("127.") || host.equals("[::1]") || host.equals("::1");
    }
}
