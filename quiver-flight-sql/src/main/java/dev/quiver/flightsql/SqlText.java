// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flightsql;

import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightStatusCode;
import java.util.Locale;
import java.util.Set;

/**
 * What the server reads of a client's SQL text before DuckDB does: its statements (one only), its first
 * keyword (whether it returns rows, whether the server allows it) and its placeholders. Quoted strings,
 * quoted identifiers and comments are skipped as DuckDB's lexer skips them.
 */
final class SqlText {
    /** Statements whose first keyword says they return rows. */
    private static final Set<String> QUERIES = Set.of("SELECT", "WITH", "VALUES", "FROM", "TABLE", "SHOW",
            "DESCRIBE", "EXPLAIN", "SUMMARIZE", "PIVOT", "UNPIVOT", "CALL", "(");
    /** Queries that may be wrapped in a subquery (for a schema without rows). */
    private static final Set<String> WRAPPABLE = Set.of("SELECT", "WITH", "VALUES", "FROM", "TABLE", "(");
    /**
     * Statements a client may not send: they change the shared connection's state for every client
     * (transactions are Flight SQL's actions; settings are locked), or reach files and extensions (which
     * DuckDB refuses anyway, with external access off).
     */
    private static final Set<String> REFUSED = Set.of("BEGIN", "START", "COMMIT", "ROLLBACK", "ABORT", "END",
            "SET", "RESET", "USE", "PRAGMA", "ATTACH", "DETACH", "INSTALL", "LOAD", "FORCE", "COPY", "EXPORT",
            "IMPORT", "CHECKPOINT", "VACUUM", "PREPARE", "EXECUTE", "DEALLOCATE");

    private final String sql;
    private final String keyword;
    private final int placeholders;

    private SqlText(String sql, String keyword, int placeholders) {
        this.sql = sql;
        this.keyword = keyword;
        this.placeholders = placeholders;
    }

    /**
     * Reads a client's statement.
     *
     * @throws FlightException of code INVALID_ARGUMENT if it is empty, holds more than one statement or one
     *     the server refuses
     */
    static SqlText of(String sql) {
        int n = sql.length();
        String keyword = null;
        int placeholders = 0;
        int maxNumbered = 0;
        int end = n;
        int i = 0;
        while (i < n) {
            char c = sql.charAt(i);
            if (c == '\'' || c == '"') {
                i = closing(sql, i, c);
            } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
                int nl = sql.indexOf('\n', i);
                i = nl < 0 ? n : nl + 1;
            } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                int close = sql.indexOf("*/", i + 2);
                i = close < 0 ? n : close + 2;
            } else if (c == '$' && i + 1 < n && sql.charAt(i + 1) == '$') {
                int close = sql.indexOf("$$", i + 2);
                i = close < 0 ? n : close + 2;
            } else if (c == ';') {
                if (!sql.substring(i + 1).isBlank() && !onlyComments(sql.substring(i + 1))) {
                    throw new FlightException(FlightStatusCode.INVALID_ARGUMENT,
                            "one SQL statement per call: this text holds more than one (a ';' at character " + i
                                    + ")");
                }
                end = i;
                break;
            } else if (c == '?') {
                placeholders++;
                i++;
            } else if (c == '$' && i + 1 < n && Character.isDigit(sql.charAt(i + 1))) {
                int j = i + 1;
                while (j < n && Character.isDigit(sql.charAt(j))) {
                    j++;
                }
                maxNumbered = Math.max(maxNumbered, parseSmall(sql.substring(i + 1, j)));
                i = j;
            } else if (keyword == null && (Character.isLetter(c) || c == '(')) {
                int j = i + 1;
                while (c != '(' && j < n && (Character.isLetterOrDigit(sql.charAt(j)) || sql.charAt(j) == '_')) {
                    j++;
                }
                keyword = sql.substring(i, j).toUpperCase(Locale.ROOT);
                i = j;
            } else {
                i++;
            }
        }
        if (keyword == null) {
            throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "the SQL text holds no statement");
        }
        if (REFUSED.contains(keyword)) {
            throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, keyword + " statements are not allowed "
                    + "on this server" + (keyword.equals("BEGIN") || keyword.equals("COMMIT")
                    || keyword.equals("ROLLBACK") ? " (use Flight SQL's BeginTransaction and EndTransaction)" : "")
                    + " (docs/flight-sql.md)");
        }
        return new SqlText(sql.substring(0, end), keyword, Math.max(placeholders, maxNumbered));
    }

    private static int parseSmall(String digits) {
        return digits.length() > 6 ? 1_000_000 : Integer.parseInt(digits);
    }

    private static boolean onlyComments(String rest) {
        String s = rest.strip();
        while (!s.isEmpty()) {
            if (s.startsWith("--")) {
                int nl = s.indexOf('\n');
                s = nl < 0 ? "" : s.substring(nl + 1).strip();
            } else if (s.startsWith("/*")) {
                int close = s.indexOf("*/");
                s = close < 0 ? "" : s.substring(close + 2).strip();
            } else {
                return false;
            }
        }
        return true;
    }

    /** The index after the quote closing the one at {@code start} (a doubled quote is part of the text). */
    private static int closing(String sql, int start, char quote) {
        int i = start + 1;
        while (i < sql.length()) {
            if (sql.charAt(i) == quote) {
                if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            i++;
        }
        return sql.length();
    }

    /** The statement, without a final semicolon. */
    String sql() {
        return sql;
    }

    /** Whether the statement returns rows (a query) rather than a count (an update, DDL). */
    boolean isQuery() {
        return QUERIES.contains(keyword);
    }

    /** Whether the statement can be wrapped as a subquery. */
    boolean isWrappable() {
        return WRAPPABLE.contains(keyword);
    }

    /** The number of parameters: the count of {@code ?}, or the highest {@code $n}. */
    int placeholders() {
        return placeholders;
    }
}
