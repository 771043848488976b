package io.tunescope.tune.space;

import io.tunescope.BadInputException;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * A relation between knobs that every configuration must satisfy, e.g. {@code a < b} or {@code a + b <= 16}:
 * one comparison ({@code < <= > >= == !=}) between two arithmetic expressions ({@code + - * / %}, parentheses,
 * numbers, parameter names). Parsed once by a small recursive-descent parser; evaluated on numeric knob values.
 */
public final class Constraint {
    private final String text;
    private final Expr left;
    private final Expr right;
    private final String op;
    private final Set<String> names;

    private Constraint(String text, Expr left, String op, Expr right, Set<String> names) {
        this.text = text;
        this.left = left;
        this.op = op;
        this.right = right;
        this.names = names;
    }

    /** Parses {@code text}; fails with a message naming the position when it is not a comparison. */
    public static Constraint parse(String text) {
        if (text == null || text.isBlank()) {
            throw BadInputException.of("constraint", text, "must be a comparison such as 'a + b <= 16'");
        }
        Parser p = new Parser(text);
        Expr l = p.sum();
        String op = p.comparison();
        Expr r = p.sum();
        p.end();
        return new Constraint(text.trim(), l, op, r, Set.copyOf(p.names));
    }

    public String text() {
        return text;
    }

    /** The parameter names the constraint reads. */
    public Set<String> names() {
        return names;
    }

    public boolean test(ToDoubleFunction<String> valueOf) {
        double a = left.eval(valueOf);
        double b = right.eval(valueOf);
        return switch (op) {
            case "<" -> a < b;
            case "<=" -> a <= b;
            case ">" -> a > b;
            case ">=" -> a >= b;
            case "==" -> a == b;
            default -> a != b;
        };
    }

    public boolean test(Map<String, Double> values) {
        return test(n -> values.get(n));
    }

    @Override
    public String toString() {
        return text;
    }

    private interface Expr {
        double eval(ToDoubleFunction<String> valueOf);
    }

    private static final class Parser {
        private final String s;
        private int pos;
        private final List<String> names = new ArrayList<>();

        Parser(String s) {
            this.s = s;
        }

        private BadInputException error(String rule) {
            return BadInputException.of("constraint", s.trim(), rule + " at column " + (pos + 1));
        }

        private void skip() {
            while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) {
                pos++;
            }
        }

        private boolean eat(String token) {
            skip();
            if (s.startsWith(token, pos)) {
                pos += token.length();
                return true;
            }
            return false;
        }

        String comparison() {
            for (String op : new String[] {"<=", ">=", "==", "!=", "<", ">"}) {
                if (eat(op)) {
                    return op;
                }
            }
            throw error("needs a comparison (<, <=, >, >=, ==, !=)");
        }

        void end() {
            skip();
            if (pos != s.length()) {
                throw error("has unexpected text '" + s.substring(pos) + "'");
            }
        }

        Expr sum() {
            Expr e = product();
            while (true) {
                if (eat("+")) {
                    Expr a = e, b = product();
                    e = v -> a.eval(v) + b.eval(v);
                } else if (eat("-")) {
                    Expr a = e, b = product();
                    e = v -> a.eval(v) - b.eval(v);
                } else {
                    return e;
                }
            }
        }

        Expr product() {
            Expr e = factor();
            while (true) {
                if (eat("*")) {
                    Expr a = e, b = factor();
                    e = v -> a.eval(v) * b.eval(v);
                } else if (eat("/")) {
                    Expr a = e, b = factor();
                    e = v -> a.eval(v) / b.eval(v);
                } else if (eat("%")) {
                    Expr a = e, b = factor();
                    e = v -> a.eval(v) % b.eval(v);
                } else {
                    return e;
                }
            }
        }

        Expr factor() {
            if (eat("(")) {
                Expr e = sum();
                if (!eat(")")) {
                    throw error("misses ')'");
                }
                return e;
            }
            if (eat("-")) {
                Expr e = factor();
                return v -> -e.eval(v);
            }
            skip();
            int start = pos;
            if (pos < s.length() && (Character.isDigit(s.charAt(pos)) || s.charAt(pos) == '.')) {
                while (pos < s.length() && (Character.isDigit(s.charAt(pos)) || s.charAt(pos) == '.'
                        || s.charAt(pos) == 'e' || s.charAt(pos) == 'E')) {
                    pos++;
                }
                try {
                    double d = Double.parseDouble(s.substring(start, pos));
                    return v -> d;
                } catch (NumberFormatException e) {
                    pos = start;
                    throw error("has a malformed number");
                }
            }
            if (pos < s.length() && (Character.isLetter(s.charAt(pos)) || s.charAt(pos) == '_')) {
                while (pos < s.length() && (Character.isLetterOrDigit(s.charAt(pos)) || s.charAt(pos) == '_'
                        || s.charAt(pos) == '.')) {
                    pos++;
                }
                String name = s.substring(start, pos);
                names.add(name);
                return v -> v.applyAsDouble(name);
            }
            throw error("expects a number, a parameter name or '('");
        }
    }
}
