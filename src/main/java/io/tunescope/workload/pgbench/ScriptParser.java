package io.tunescope.workload.pgbench;

import io.tunescope.BadInputException;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;

/**
 * Parses one pgbench script into a program of {@link Command}s. Text is SQL commands (ended by an unquoted
 * {@code ;} or by a meta-command) and meta-commands (a backslash at the start, to the end of the line, continued by a
 * backslash before the newline). Pure; every error is a {@link BadInputException} reading {@code file:line: why}.
 */
final class ScriptParser {
    private final String file;
    private final String text;
    private final Variables variables;
    private final List<Command> program = new ArrayList<>();
    /** Open {@code \if} chains: the pending jumps of each, patched at {@code \elif}, {@code \else}, {@code \endif}. */
    private final Deque<Branch> branches = new ArrayDeque<>();
    /** Every variable the script reads, with its line; checked against the defined ones by {@link Scripts}. */
    final List<Use> uses = new ArrayList<>();
    /** Every variable the script sets (by {@code \set}, or a column of a {@code \gset}/{@code \aset} query). */
    final List<String> sets = new ArrayList<>();
    /** Whether a {@code \gset}/{@code \aset} query's columns could not be read from its text ({@code SELECT *}). */
    boolean unknownColumns;
    private int pos;
    private int line = 1;

    record Use(String name, int line) {
    }

    private static final class Branch {
        final int line;
        Command.JumpUnless pendingCondition;
        final List<Command.Jump> toEnd = new ArrayList<>();
        boolean sawElse;

        Branch(int line) {
            this.line = line;
        }
    }

    ScriptParser(String file, String text, Variables variables) {
        this.file = file;
        this.text = text;
        this.variables = variables;
    }

    Command[] parse() {
        while (true) {
            skipSpaceAndComments();
            if (pos >= text.length()) {
                break;
            }
            if (text.charAt(pos) == '\\') {
                metaCommand();
            } else {
                sqlCommand();
            }
        }
        if (!branches.isEmpty()) {
            throw error(branches.peek().line, "\\if without a matching \\endif");
        }
        if (program.isEmpty()) {
            throw error(1, "the script has no commands");
        }
        return program.toArray(Command[]::new);
    }

    private void metaCommand() {
        int start = line;
        pos++;
        int nameStart = pos;
        while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_')) {
            pos++;
        }
        String name = text.substring(nameStart, pos).toLowerCase(Locale.ROOT);
        StringBuilder args = new StringBuilder();
        while (pos < text.length() && text.charAt(pos) != '\n') {
            if (text.charAt(pos) == '\\' && pos + 1 < text.length() && text.charAt(pos + 1) == '\n') {
                args.append(' ');
                pos += 2;
                line++;
                continue;
            }
            args.append(text.charAt(pos++));
        }
        String rest = args.toString().strip();
        switch (name) {
            case "set" -> set(start, rest);
            case "sleep" -> sleep(start, rest);
            case "gset", "aset" -> capture(start, name, rest);
            case "if" -> openIf(start, rest);
            case "elif" -> elif(start, rest);
            case "else" -> otherwise(start, rest);
            case "endif" -> endIf(start, rest);
            case "shell", "setshell" -> throw error(start, "\\" + name + " is refused: tunescope does not run shell "
                    + "commands from scripts (compute the value with \\set, or run the command before the run)");
            case "startpipeline", "endpipeline", "syncpipeline" -> throw error(start, "\\" + name
                    + " is not supported: pipeline mode needs libpq; remove it to run the statements one by one");
            default -> throw error(start, "unknown meta-command \"\\" + name + "\"");
        }
    }

    private void set(int at, String args) {
        int space = indexOfSpace(args);
        if (args.isEmpty() || space < 0) {
            throw error(at, "\\set needs a variable name and an expression");
        }
        String name = args.substring(0, space);
        if (!name.matches("[A-Za-z0-9_]+")) {
            throw error(at, "invalid variable name \"" + name + "\"");
        }
        Expr e = expression(at, "\\set", args.substring(space + 1));
        sets.add(name);
        program.add(new Command.Set(at, variables.slot(name), e));
    }

    private void sleep(int at, String args) {
        String[] words = args.isEmpty() ? new String[0] : args.split("\\s+");
        if (words.length < 1 || words.length > 2) {
            throw error(at, "\\sleep needs a duration and an optional unit (us, ms, s)");
        }
        long unitNanos = words.length == 1 ? 1_000_000_000L : switch (words[1].toLowerCase(Locale.ROOT)) {
            case "us" -> 1_000L;
            case "ms" -> 1_000_000L;
            case "s" -> 1_000_000_000L;
            default -> throw error(at, "\\sleep unit \"" + words[1] + "\" must be us, ms or s");
        };
        Expr amount;
        if (words[0].startsWith(":")) {
            amount = expression(at, "\\sleep", words[0]);
        } else if (words[0].matches("\\d+")) {
            amount = new Expr.Const(new Value().setInt(Long.parseLong(words[0])));
        } else {
            throw error(at, "\\sleep duration \"" + words[0] + "\" must be an integer or a :variable");
        }
        program.add(new Command.Sleep(at, amount, unitNanos));
    }

    private void capture(int at, String name, String prefix) {
        Command last = program.isEmpty() ? null : program.get(program.size() - 1);
        if (!(last instanceof Command.Sql sql) || sql.capture != Command.Capture.NONE) {
            throw error(at, "\\" + name + " must follow an SQL command");
        }
        if (!prefix.matches("[A-Za-z0-9_]*")) {
            throw error(at, "invalid variable prefix \"" + prefix + "\"");
        }
        sql.capture = name.equals("gset") ? Command.Capture.GSET : Command.Capture.ASET;
        sql.prefix = prefix;
        int from = sql.capture == Command.Capture.GSET ? sql.statements.length - 1 : 0;
        for (int i = from; i < sql.statements.length; i++) {
            List<String> columns = SqlText.resultColumns(sql.statements[i]);
            if (columns == null) {
                unknownColumns = true;
            } else {
                columns.forEach(c -> sets.add(prefix + c));
            }
        }
    }

    private void openIf(int at, String condition) {
        Branch branch = new Branch(at);
        branch.pendingCondition = new Command.JumpUnless(at, expression(at, "\\if", condition));
        program.add(branch.pendingCondition);
        branches.push(branch);
    }

    private void elif(int at, String condition) {
        Branch branch = openBranch(at, "\\elif");
        if (branch.sawElse) {
            throw error(at, "\\elif after \\else");
        }
        endBranch(branch, at);
        branch.pendingCondition = new Command.JumpUnless(at, expression(at, "\\elif", condition));
        program.add(branch.pendingCondition);
    }

    private void otherwise(int at, String rest) {
        noArguments(at, "\\else", rest);
        Branch branch = openBranch(at, "\\else");
        if (branch.sawElse) {
            throw error(at, "\\else after \\else");
        }
        endBranch(branch, at);
        branch.sawElse = true;
    }

    private void endIf(int at, String rest) {
        noArguments(at, "\\endif", rest);
        Branch branch = openBranch(at, "\\endif");
        branches.pop();
        if (branch.pendingCondition != null) {
            branch.pendingCondition.target = program.size();
        }
        branch.toEnd.forEach(j -> j.target = program.size());
    }

    /** Ends the branch before an {@code \elif} or {@code \else}: jump to the end, and the false condition lands here. */
    private void endBranch(Branch branch, int at) {
        Command.Jump jump = new Command.Jump(at);
        program.add(jump);
        branch.toEnd.add(jump);
        branch.pendingCondition.target = program.size();
        branch.pendingCondition = null;
    }

    private Branch openBranch(int at, String what) {
        if (branches.isEmpty()) {
            throw error(at, what + " without a matching \\if");
        }
        return branches.peek();
    }

    private void noArguments(int at, String what, String rest) {
        if (!rest.isEmpty()) {
            throw error(at, what + " takes no arguments (got \"" + rest + "\")");
        }
    }

    private Expr expression(int at, String what, String source) {
        if (source.isBlank()) {
            throw error(at, what + " needs an expression");
        }
        List<String> used = new ArrayList<>();
        try {
            Expr e = ExprParser.parse(source, variables, used);
            used.forEach(name -> uses.add(new Use(name, at)));
            return e;
        } catch (ExprParser.SyntaxError e) {
            throw error(at, "syntax error in " + what + " expression \"" + source.strip() + "\": " + e.getMessage());
        }
    }

    private void sqlCommand() {
        int start = line;
        SqlText.Scan scan = SqlText.scan(text, pos);
        for (int i = pos; i < scan.end(); i++) {
            if (text.charAt(i) == '\n') {
                line++;
            }
        }
        pos = scan.end();
        List<String> statements = new ArrayList<>();
        List<int[]> slots = new ArrayList<>();
        for (SqlText.Statement statement : scan.statements()) {
            int[] statementSlots = new int[statement.variables().size()];
            for (int i = 0; i < statementSlots.length; i++) {
                String name = statement.variables().get(i);
                uses.add(new Use(name, start));
                statementSlots[i] = variables.slot(name);
            }
            statements.add(statement.sql());
            slots.add(statementSlots);
        }
        if (!statements.isEmpty()) {
            program.add(new Command.Sql(start, statements.toArray(String[]::new), slots.toArray(int[][]::new)));
        }
    }

    private void skipSpaceAndComments() {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c == '\n') {
                line++;
                pos++;
            } else if (Character.isWhitespace(c)) {
                pos++;
            } else if (text.startsWith("--", pos)) {
                while (pos < text.length() && text.charAt(pos) != '\n') {
                    pos++;
                }
            } else {
                return;
            }
        }
    }

    private static int indexOfSpace(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (Character.isWhitespace(s.charAt(i))) {
                return i;
            }
        }
        return -1;
    }

    BadInputException error(int at, String why) {
        return new BadInputException(file + ":" + at + ": " + why);
    }
}
