// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.expr;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.cast.CastOptions;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.TimeUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The text syntax of expressions, parsed into {@link Expression}s. Keywords are case-insensitive.
 *
 * <pre>
 * expr       = or
 * or         = and { "or" and }                          → or_kleene
 * and        = not { "and" not }                         → and_kleene
 * not        = "not" not | predicate                     → invert
 * predicate  = sum [ compare sum                         → equal, not_equal, less, less_equal, greater, greater_equal
 *                  | "is" ["not"] "null"                 → is_null / is_valid
 *                  | ["not"] "in" "(" literal { "," literal } ")" ]   → is_in (invert)
 * compare    = "=" | "==" | "!=" | "&lt;&gt;" | "&lt;" | "&lt;=" | "&gt;" | "&gt;="
 * sum        = product { ("+" | "-") product }           → add_checked, subtract_checked
 * product    = unary { ("*" | "/") unary }               → multiply_checked, divide_checked
 * unary      = "-" unary | primary                       → negate_checked
 * primary    = number | string | "true" | "false" | "null"
 *            | "cast" "(" expr "as" type ")"
 *            | name "(" [ expr { "," expr } ] ")"         → a call of a registered function by name
 *            | name { "." name }                         → a field (a path into struct columns)
 *            | "(" expr ")"
 * name       = letter { letter | digit | "_" } | '"' any text, "" for a quote '"'
 * string     = "'" any text, '' for a quote "'"
 * number     = digits [ "." digits ] [ ("e" | "E") ["+" | "-"] digits ]   (int64 without "." or exponent, else float64)
 * type       = bool | int8 | int16 | int32 | int64 | uint8 | uint16 | uint32 | uint64 | float32 | float64 | double
 *            | utf8 | string | large_utf8 | binary | date32 | date64 | decimal "(" p "," s ")"
 *            | timestamp "[" s|ms|us|ns [ "," zone ] "]"
 * </pre>
 *
 * <p>Arithmetic in the text syntax is checked: an overflow is an error, never a wrapped value. Example:
 * {@code id >= 100 and name in ('a', 'b') and not is_null(x) and price * 2 < 10.5}.
 */
public final class ExpressionParser {
    private final String text;
    private int pos;

    /**
     * A parser of one text.
     *
     * @param text the expression text
     */
    public ExpressionParser(String text) {
        this.text = text;
    }

    /**
     * Parses the whole text.
     *
     * @return the expression
     * @throws ComputeException naming the position where the text stops making sense
     */
    public Expression parse() {
        Expression e = or();
        skipSpace();
        if (pos < text.length()) {
            throw error("unexpected '" + text.charAt(pos) + "'");
        }
        return e;
    }

    private Expression or() {
        Expression e = and();
        while (keyword("or")) {
            e = Expression.call("or_kleene", e, and());
        }
        return e;
    }

    private Expression and() {
        Expression e = not();
        while (keyword("and")) {
            e = Expression.call("and_kleene", e, not());
        }
        return e;
    }

    private Expression not() {
        if (keyword("not")) {
            return Expression.call("invert", not());
        }
        return predicate();
    }

    private Expression predicate() {
        Expression left = sum();
        String op = compareOperator();
        if (op != null) {
            return Expression.call(op, left, sum());
        }
        int mark = pos;
        if (keyword("is")) {
            boolean negated = keyword("not");
            if (!keyword("null")) {
                throw error("expected 'null' after 'is'");
            }
            return Expression.call(negated ? "is_valid" : "is_null", left);
        }
        boolean negated = keyword("not");
        if (keyword("in")) {
            expect('(');
            List<Object> values = new ArrayList<>();
            do {
                values.add(literalValue());
            } while (accept(','));
            expect(')');
            Expression in = Expression.isIn(left, values.toArray());
            return negated ? Expression.call("invert", in) : in;
        }
        if (negated) {
            pos = mark;
            throw error("expected 'in' after 'not'");
        }
        return left;
    }

    private String compareOperator() {
        skipSpace();
        String[][] ops = {{"==", "equal"}, {"!=", "not_equal"}, {"<>", "not_equal"}, {"<=", "less_equal"},
            {">=", "greater_equal"}, {"=", "equal"}, {"<", "less"}, {">", "greater"}};
        for (String[] op : ops) {
            if (text.startsWith(op[0], pos)) {
                pos += op[0].length();
                return op[1];
            }
        }
        return null;
    }

    private Expression sum() {
        Expression e = product();
        while (true) {
            if (accept('+')) {
                e = Expression.call("add_checked", e, product());
            } else if (accept('-')) {
                e = Expression.call("subtract_checked", e, product());
            } else {
                return e;
            }
        }
    }

    private Expression product() {
        Expression e = unary();
        while (true) {
            if (accept('*')) {
                e = Expression.call("multiply_checked", e, unary());
            } else if (accept('/')) {
                e = Expression.call("divide_checked", e, unary());
            } else {
                return e;
            }
        }
    }

    private Expression unary() {
        if (accept('-')) {
            skipSpace();
            if (pos < text.length() && Character.isDigit(text.charAt(pos))) {
                Object n = number();
                return Expression.literal(n instanceof Long l ? (Object) (-l) : (Object) (-(Double) n));
            }
            return Expression.call("negate_checked", unary());
        }
        return primary();
    }

    private Expression primary() {
        skipSpace();
        if (pos >= text.length()) {
            throw error("unexpected end of the expression");
        }
        char c = text.charAt(pos);
        if (c == '(') {
            pos++;
            Expression e = or();
            expect(')');
            return e;
        }
        if (Character.isDigit(c) || c == '\'' || c == '.') {
            return Expression.literal(literalValue());
        }
        int start = pos;
        String name = name();
        String lower = name.toLowerCase(Locale.ROOT);
        boolean quoted = text.charAt(start) == '"';
        if (!quoted && (lower.equals("true") || lower.equals("false"))) {
            return Expression.literal(lower.equals("true"));
        }
        if (!quoted && lower.equals("null")) {
            return Expression.literal(null);
        }
        if (!quoted && accept('(')) {
            if (lower.equals("cast")) {
                Expression value = or();
                if (!keyword("as")) {
                    throw error("expected 'as' in cast");
                }
                ArrowType type = type();
                expect(')');
                return new Call("cast", List.of(value), new FunctionOptions.CastTarget(type, CastOptions.SAFE));
            }
            List<Expression> args = new ArrayList<>();
            if (!accept(')')) {
                do {
                    args.add(or());
                } while (accept(','));
                expect(')');
            }
            return new Call(lower, args, null);
        }
        List<String> path = new ArrayList<>(List.of(name));
        while (accept('.')) {
            path.add(name());
        }
        return new FieldRef(path);
    }

    private Object literalValue() {
        skipSpace();
        if (pos < text.length() && text.charAt(pos) == '\'') {
            return quoted('\'');
        }
        boolean negative = accept('-');
        skipSpace();
        if (pos < text.length() && (Character.isDigit(text.charAt(pos)) || text.charAt(pos) == '.')) {
            Object n = number();
            return !negative ? n : n instanceof Long l ? (Object) (-l) : (Object) (-(Double) n);
        }
        if (negative) {
            throw error("expected a number after '-'");
        }
        int mark = pos;
        String word = name().toLowerCase(Locale.ROOT);
        return switch (word) {
            case "true" -> Boolean.TRUE;
            case "false" -> Boolean.FALSE;
            case "null" -> null;
            default -> {
                pos = mark;
                throw error("expected a literal (a number, a 'string', true, false or null)");
            }
        };
    }

    private Object number() {
        int start = pos;
        while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
            pos++;
        }
        boolean real = false;
        if (pos < text.length() && text.charAt(pos) == '.') {
            real = true;
            pos++;
            while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
                pos++;
            }
        }
        if (pos < text.length() && (text.charAt(pos) == 'e' || text.charAt(pos) == 'E')) {
            real = true;
            pos++;
            if (pos < text.length() && (text.charAt(pos) == '+' || text.charAt(pos) == '-')) {
                pos++;
            }
            int digits = pos;
            while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
                pos++;
            }
            if (digits == pos) {
                throw error("expected the exponent's digits");
            }
        }
        String s = text.substring(start, pos);
        if (s.equals(".")) {
            pos = start;
            throw error("expected a number");
        }
        try {
            return real ? (Object) Double.parseDouble(s) : (Object) Long.parseLong(s);
        } catch (NumberFormatException e) {
            pos = start;
            throw error("the number " + s + " does not fit int64");
        }
    }

    private ArrowType type() {
        String name = name().toLowerCase(Locale.ROOT);
        return switch (name) {
            case "bool", "boolean" -> ArrowType.BOOL;
            case "int8" -> ArrowType.INT8;
            case "int16" -> ArrowType.INT16;
            case "int32" -> ArrowType.INT32;
            case "int64" -> ArrowType.INT64;
            case "uint8" -> ArrowType.UINT8;
            case "uint16" -> ArrowType.UINT16;
            case "uint32" -> ArrowType.UINT32;
            case "uint64" -> ArrowType.UINT64;
            case "float32", "float" -> ArrowType.FLOAT32;
            case "float64", "double" -> ArrowType.FLOAT64;
            case "utf8", "string" -> ArrowType.UTF8;
            case "large_utf8", "large_string" -> ArrowType.LARGE_UTF8;
            case "binary" -> ArrowType.BINARY;
            case "date32" -> new ArrowType.Date(DateUnit.DAY);
            case "date64" -> new ArrowType.Date(DateUnit.MILLISECOND);
            case "decimal", "decimal128" -> {
                expect('(');
                int p = (int) (long) (Long) number();
                expect(',');
                skipSpace();
                int s = (int) (long) (Long) number();
                expect(')');
                yield new ArrowType.Decimal(p, s, 128);
            }
            case "timestamp" -> {
                expect('[');
                String unit = name().toLowerCase(Locale.ROOT);
                TimeUnit u = switch (unit) {
                    case "s" -> TimeUnit.SECOND;
                    case "ms" -> TimeUnit.MILLISECOND;
                    case "us" -> TimeUnit.MICROSECOND;
                    case "ns" -> TimeUnit.NANOSECOND;
                    default -> throw error("expected a time unit s, ms, us or ns, not '" + unit + "'");
                };
                String zone = null;
                if (accept(',')) {
                    skipSpace();
                    zone = pos < text.length() && text.charAt(pos) == '\'' ? quoted('\'') : zoneName();
                }
                expect(']');
                yield new ArrowType.Timestamp(u, zone);
            }
            default -> throw error("unknown type '" + name + "'");
        };
    }

    private String zoneName() {
        int start = pos;
        while (pos < text.length() && text.charAt(pos) != ']' && !Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
        return text.substring(start, pos);
    }

    private String name() {
        skipSpace();
        if (pos < text.length() && text.charAt(pos) == '"') {
            return quoted('"');
        }
        int start = pos;
        while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_')) {
            pos++;
        }
        if (start == pos || Character.isDigit(text.charAt(start))) {
            pos = start;
            throw error(pos < text.length() ? "unexpected '" + text.charAt(pos) + "'" : "unexpected end");
        }
        return text.substring(start, pos);
    }

    private String quoted(char quote) {
        int start = pos;
        pos++;
        StringBuilder sb = new StringBuilder();
        while (true) {
            if (pos >= text.length()) {
                pos = start;
                throw error("unterminated " + (quote == '"' ? "name" : "string"));
            }
            char c = text.charAt(pos++);
            if (c == quote) {
                if (pos < text.length() && text.charAt(pos) == quote) {
                    sb.append(quote);
                    pos++;
                } else {
                    return sb.toString();
                }
            } else {
                sb.append(c);
            }
        }
    }

    private boolean keyword(String word) {
        skipSpace();
        int end = pos + word.length();
        if (text.regionMatches(true, pos, word, 0, word.length())
                && (end == text.length() || !Character.isLetterOrDigit(text.charAt(end)) && text.charAt(end) != '_')) {
            pos = end;
            return true;
        }
        return false;
    }

    private boolean accept(char c) {
        skipSpace();
        if (pos < text.length() && text.charAt(pos) == c) {
            // '<' of '<=' and '-' of a negative literal are handled where they are expected.
            pos++;
            return true;
        }
        return false;
    }

    private void expect(char c) {
        if (!accept(c)) {
            throw error("expected '" + c + "'");
        }
    }

    private void skipSpace() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }

    private ComputeException error(String what) {
        return new ComputeException("expression: " + what + " at position " + (pos + 1) + " in: " + text);
    }
}
