package io.tunescope.workload.pgbench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * Parses one pgbench expression (the text after {@code \set name}) into a tree of {@link Expr}. Precedence, lowest
 * first: OR; AND; NOT; IS/ISNULL/NOTNULL; comparisons; bitwise {@code | # & << >>}; {@code + -}; {@code * / %};
 * unary {@code - + ~}. Pure: the only state it touches is the variable table it names slots in.
 */
final class ExprParser {
    /** Why an expression does not parse, with the column (1-based) where the parser stopped. */
    static final class SyntaxError extends Exception {
        private static final long serialVersionUID = 1L;

        SyntaxError(String message, int column) {
            super(message + " at column " + column, null, false, false);
        }
    }

    private final String text;
    private final Variables variables;
    private final List<String> usedVariables;
    private int pos;

    private ExprParser(String text, Variables variables, List<String> usedVariables) {
        this.text = text;
        this.variables = variables;
        this.usedVariables = usedVariables;
    }

    /** Parses {@code text}, naming slots in {@code variables} and adding every variable it reads to {@code used}. */
    static Expr parse(String text, Variables variables, List<String> used) throws SyntaxError {
        ExprParser parser = new ExprParser(text, variables, used);
        Expr e = parser.or();
        parser.skipSpace();
        if (parser.pos < text.length()) {
            throw parser.error("unexpected \"" + parser.text.substring(parser.pos) + "\"");
        }
        return e;
    }

    static Expr parse(String text, Variables variables) throws SyntaxError {
        return parse(text, variables, new ArrayList<>());
    }

    private Expr or() throws SyntaxError {
        Expr e = and();
        while (keyword("or")) {
            e = new Operators.Logic(false, e, and());
        }
        return e;
    }

    private Expr and() throws SyntaxError {
        Expr e = not();
        while (keyword("and")) {
            e = new Operators.Logic(true, e, not());
        }
        return e;
    }

    private Expr not() throws SyntaxError {
        if (keyword("not")) {
            return new Operators.Not(not());
        }
        return is();
    }

    private Expr is() throws SyntaxError {
        Expr e = comparison();
        if (keyword("isnull")) {
            return new Operators.Is(e, Operators.Is.Test.NULL, false);
        }
        if (keyword("notnull")) {
            return new Operators.Is(e, Operators.Is.Test.NULL, true);
        }
        if (keyword("is")) {
            boolean negated = keyword("not");
            Operators.Is.Test test;
            if (keyword("null")) {
                test = Operators.Is.Test.NULL;
            } else if (keyword("true")) {
                test = Operators.Is.Test.TRUE;
            } else if (keyword("false")) {
                test = Operators.Is.Test.FALSE;
            } else {
                throw error("IS must be followed by [NOT] NULL, TRUE or FALSE");
            }
            return new Operators.Is(e, test, negated);
        }
        return e;
    }

    private Expr comparison() throws SyntaxError {
        Expr e = bitwise();
        Operators.Op op = symbol("<=") ? Operators.Op.LE : symbol(">=") ? Operators.Op.GE
                : symbol("<>") || symbol("!=") ? Operators.Op.NE : symbol("=") ? Operators.Op.EQ
                : peekShift() ? null : symbol("<") ? Operators.Op.LT : symbol(">") ? Operators.Op.GT : null;
        return op == null ? e : new Operators.Binary(op, e, bitwise());
    }

    private boolean peekShift() {
        skipSpace();
        return text.startsWith("<<", pos) || text.startsWith(">>", pos);
    }

    private Expr bitwise() throws SyntaxError {
        return leftAssociative(this::additive, () -> symbol("<<") ? Operators.Op.SHL : symbol(">>") ? Operators.Op.SHR
                : symbol("&") ? Operators.Op.BITAND : symbol("|") ? Operators.Op.BITOR
                : symbol("#") ? Operators.Op.BITXOR : null);
    }

    private Expr additive() throws SyntaxError {
        return leftAssociative(this::multiplicative,
                () -> symbol("+") ? Operators.Op.ADD : symbol("-") ? Operators.Op.SUB : null);
    }

    private Expr multiplicative() throws SyntaxError {
        return leftAssociative(this::unary, () -> symbol("*") ? Operators.Op.MUL : symbol("/") ? Operators.Op.DIV
                : symbol("%") ? Operators.Op.MOD : null);
    }

    /** One level of precedence: the parse of the level below. */
    private interface Operand {
        Expr parse() throws SyntaxError;
    }

    /** Operands joined by the operators {@code operator} reads (null: none follows), grouped to the left. */
    private Expr leftAssociative(Operand operand, Supplier<Operators.Op> operator) throws SyntaxError {
        Expr e = operand.parse();
        for (Operators.Op op = operator.get(); op != null; op = operator.get()) {
            e = new Operators.Binary(op, e, operand.parse());
        }
        return e;
    }

    private Expr unary() throws SyntaxError {
        if (symbol("-")) {
            return new Operators.Unary(false, unary());
        }
        if (symbol("+")) {
            return unary();
        }
        if (symbol("~")) {
            return new Operators.Unary(true, unary());
        }
        return primary();
    }

    private Expr primary() throws SyntaxError {
        skipSpace();
        if (pos >= text.length()) {
            throw error("unexpected end of expression");
        }
        char c = text.charAt(pos);
        if (c == '(') {
            pos++;
            Expr e = or();
            expect(")");
            return e;
        }
        if (c == ':') {
            pos++;
            String name = identifier();
            if (name.isEmpty()) {
                throw error("variable name expected after ':'");
            }
            usedVariables.add(name);
            return new Expr.Var(variables.slot(name), name);
        }
        if (Character.isDigit(c) || c == '.') {
            return number();
        }
        int start = pos;
        String word = identifier();
        if (word.isEmpty()) {
            throw error("unexpected \"" + c + "\"");
        }
        switch (word.toLowerCase(Locale.ROOT)) {
            case "true":
                return new Expr.Const(new Value().setBool(true));
            case "false":
                return new Expr.Const(new Value().setBool(false));
            case "null":
                return new Expr.Const(new Value().setNull());
            case "case":
                return caseExpression();
            default:
                break;
        }
        Function.Name name = Function.Name.of(word);
        if (name == null) {
            pos = start;
            throw error("unknown function or keyword \"" + word + "\"");
        }
        expect("(");
        List<Expr> args = new ArrayList<>();
        if (!symbol(")")) {
            do {
                args.add(or());
            } while (symbol(","));
            expect(")");
        }
        if (args.size() < name.minArgs || args.size() > name.maxArgs) {
            pos = start;
            throw error("wrong number of arguments (" + args.size() + ") for " + word);
        }
        return new Function(name, args.toArray(Expr[]::new));
    }

    private Expr caseExpression() throws SyntaxError {
        List<Expr> conditions = new ArrayList<>();
        List<Expr> results = new ArrayList<>();
        while (keyword("when")) {
            conditions.add(or());
            if (!keyword("then")) {
                throw error("THEN expected");
            }
            results.add(or());
        }
        if (conditions.isEmpty()) {
            throw error("WHEN expected after CASE");
        }
        Expr otherwise = keyword("else") ? or() : null;
        if (!keyword("end")) {
            throw error("END expected");
        }
        return new Expr.Case(conditions.toArray(Expr[]::new), results.toArray(Expr[]::new), otherwise);
    }

    private Expr number() throws SyntaxError {
        int start = pos;
        boolean real = false;
        while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
            pos++;
        }
        if (pos < text.length() && text.charAt(pos) == '.') {
            real = true;
            pos++;
            while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
                pos++;
            }
        }
        if (pos < text.length() && (text.charAt(pos) == 'e' || text.charAt(pos) == 'E')) {
            int mark = pos;
            pos++;
            if (pos < text.length() && (text.charAt(pos) == '+' || text.charAt(pos) == '-')) {
                pos++;
            }
            if (pos < text.length() && Character.isDigit(text.charAt(pos))) {
                real = true;
                while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
                    pos++;
                }
            } else {
                pos = mark;
            }
        }
        String literal = text.substring(start, pos);
        try {
            return new Expr.Const(real ? new Value().setDouble(Double.parseDouble(literal))
                    : new Value().setInt(Long.parseLong(literal)));
        } catch (NumberFormatException e) {
            pos = start;
            throw error("bad number \"" + literal + "\"");
        }
    }

    private String identifier() {
        int start = pos;
        while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_')) {
            pos++;
        }
        return text.substring(start, pos);
    }

    /** Consumes a keyword (any case) that is not the start of a longer word. */
    private boolean keyword(String word) {
        skipSpace();
        int end = pos + word.length();
        if (end > text.length() || !text.regionMatches(true, pos, word, 0, word.length())) {
            return false;
        }
        if (end < text.length() && (Character.isLetterOrDigit(text.charAt(end)) || text.charAt(end) == '_')) {
            return false;
        }
        pos = end;
        return true;
    }

    private boolean symbol(String s) {
        skipSpace();
        if (text.startsWith(s, pos)) {
            pos += s.length();
            return true;
        }
        return false;
    }

    private void expect(String s) throws SyntaxError {
        if (!symbol(s)) {
            throw error("\"" + s + "\" expected");
        }
    }

    private void skipSpace() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }

    private SyntaxError error(String message) {
        return new SyntaxError(message, pos + 1);
    }
}
