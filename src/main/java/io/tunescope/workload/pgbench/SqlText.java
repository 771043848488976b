package io.tunescope.workload.pgbench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The SQL side of a script: where a SQL command ends (an unquoted {@code ;}, or a backslash that starts a
 * meta-command), its statements (split at {@code \;}), and each {@code :name} replaced by a {@code ?} so that the
 * variable's value travels as a bound parameter, never as text spliced into the SQL. Quotes ({@code '...'},
 * {@code "..."}, {@code $tag$...$tag$}) and casts ({@code ::}) are left alone. Pure.
 */
public final class SqlText {
    private SqlText() {
    }

    /** One statement: its SQL with {@code ?} for each parameter, and the variables bound to them, in order. */
    public record Statement(String sql, List<String> variables) {
    }

    /** The statements of one SQL command and the index just past its end. */
    public record Scan(List<Statement> statements, int end) {
    }

    /** Reads one SQL command of {@code text} from {@code from}: up to an unquoted {@code ;}, a meta-command or the end. */
    public static Scan scan(String text, int from) {
        List<Statement> statements = new ArrayList<>();
        StringBuilder sql = new StringBuilder();
        List<String> variables = new ArrayList<>();
        int i = from;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == ';') {
                i++;
                break;
            }
            if (c == '\\') {
                if (i + 1 < text.length() && text.charAt(i + 1) == ';') {
                    add(statements, sql, variables);
                    sql = new StringBuilder();
                    variables = new ArrayList<>();
                    i += 2;
                    continue;
                }
                break;
            }
            if (c == '\'' || c == '"') {
                int close = closing(text, i, String.valueOf(c));
                sql.append(text, i, close);
                i = close;
            } else if (c == '$' && dollarTag(text, i) != null) {
                String tag = dollarTag(text, i);
                int close = closing(text, i + tag.length() - 1, tag);
                sql.append(text, i, close);
                i = close;
            } else if (text.startsWith("--", i)) {
                while (i < text.length() && text.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == ':' && i + 1 < text.length() && text.charAt(i + 1) == ':') {
                sql.append("::");
                i += 2;
            } else if (c == ':' && i + 1 < text.length() && isNameChar(text.charAt(i + 1))) {
                int end = i + 1;
                while (end < text.length() && isNameChar(text.charAt(end))) {
                    end++;
                }
                variables.add(text.substring(i + 1, end));
                sql.append('?');
                i = end;
            } else {
                sql.append(c);
                i++;
            }
        }
        add(statements, sql, variables);
        return new Scan(statements, i);
    }

    private static void add(List<Statement> statements, StringBuilder sql, List<String> variables) {
        String s = sql.toString().strip();
        if (!s.isEmpty()) {
            statements.add(new Statement(s, List.copyOf(variables)));
        }
    }

    /** The index just past the quote that closes the one opening at {@code open} (doubled quotes stay inside). */
    private static int closing(String text, int open, String quote) {
        int i = open + 1;
        while (true) {
            int at = text.indexOf(quote, i);
            if (at < 0) {
                return text.length();
            }
            if (quote.length() == 1 && at + 1 < text.length() && text.charAt(at + 1) == quote.charAt(0)) {
                i = at + 2;
                continue;
            }
            return at + quote.length();
        }
    }

    /** {@code $tag$} (or {@code $$}) starting at {@code i}, or null when the dollar is something else. */
    private static String dollarTag(String text, int i) {
        int j = i + 1;
        while (j < text.length() && (Character.isLetter(text.charAt(j)) || text.charAt(j) == '_')) {
            j++;
        }
        return j < text.length() && text.charAt(j) == '$' ? text.substring(i, j + 1) : null;
    }

    static boolean isNameChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }

    /**
     * The names of a query's result columns as PostgreSQL would name them, read from its select list (or
     * {@code RETURNING} list): an alias, else a column's own name, else a function's name; null when the text does
     * not tell ({@code *}, no select list). Used only to know which variables {@code \gset} will define.
     */
    static List<String> resultColumns(String sql) {
        String lower = sql.toLowerCase(Locale.ROOT);
        int start = keywordAt(lower, "returning");
        if (start < 0) {
            start = keywordAt(lower, "select");
        }
        if (start < 0) {
            return null;
        }
        start += lower.startsWith("select", start) ? 6 : 9;
        int end = sql.length();
        int depth = 0;
        List<String> items = new ArrayList<>();
        int itemStart = start;
        for (int i = start; i < sql.length(); i++) {
            char c = sql.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (depth == 0 && c == ',') {
                items.add(sql.substring(itemStart, i));
                itemStart = i + 1;
            } else if (depth == 0 && (lower.startsWith("from", i) || lower.startsWith("where", i)
                    || lower.startsWith("limit", i)) && i > 0 && Character.isWhitespace(sql.charAt(i - 1))) {
                end = i;
                break;
            }
        }
        items.add(sql.substring(itemStart, end));
        List<String> names = new ArrayList<>();
        for (String item : items) {
            String name = columnName(item.strip());
            if (name == null) {
                return null;
            }
            names.add(name);
        }
        return names;
    }

    private static String columnName(String item) {
        String[] words = item.split("\\s+");
        if (words.length >= 2 && words[words.length - 2].equalsIgnoreCase("as")) {
            return identifier(words[words.length - 1]);
        }
        if (item.equals("*") || item.endsWith(".*") || item.isEmpty()) {
            return null;
        }
        int paren = item.indexOf('(');
        String core = paren > 0 ? item.substring(0, paren).strip() : item;
        int dot = core.lastIndexOf('.');
        String name = dot >= 0 ? core.substring(dot + 1) : core;
        return name.matches("\"?[A-Za-z_][A-Za-z0-9_]*\"?") ? identifier(name) : null;
    }

    private static String identifier(String word) {
        return word.startsWith("\"") && word.endsWith("\"") && word.length() > 1
                ? word.substring(1, word.length() - 1) : word.toLowerCase(Locale.ROOT);
    }

    private static int keywordAt(String lower, String keyword) {
        int at = lower.indexOf(keyword);
        while (at >= 0) {
            boolean before = at == 0 || !isNameChar(lower.charAt(at - 1));
            int after = at + keyword.length();
            if (before && (after >= lower.length() || !isNameChar(lower.charAt(after)))) {
                return at;
            }
            at = lower.indexOf(keyword, at + 1);
        }
        return -1;
    }
}
