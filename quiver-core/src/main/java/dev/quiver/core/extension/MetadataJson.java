// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.extension;

import dev.quiver.core.type.InvalidTypeException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small strict JSON reader and writer for the serialized metadata of extension types (RFC 8259):
 * objects become {@link LinkedHashMap}s (duplicate keys refused), arrays {@link List}s, numbers
 * {@link BigDecimal}s, and JSON null Java null. Nesting is limited so that no input exhausts the stack.
 */
final class MetadataJson {
    private static final int MAX_DEPTH = 32;

    private final String text;
    private final String what;
    private int pos;

    private MetadataJson(String text, String what) {
        this.text = text;
        this.what = what;
    }

    /** Parses {@code text}, which must be one JSON object; errors name {@code what}. */
    static Map<String, Object> parseObject(String text, String what) {
        MetadataJson p = new MetadataJson(text, what);
        p.skipSpace();
        if (p.pos >= text.length() || text.charAt(p.pos) != '{') {
            throw p.error("expected a JSON object");
        }
        Object value = p.value(0);
        p.skipSpace();
        if (p.pos != text.length()) {
            throw p.error("unexpected text after the JSON object");
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> map = (Map<String, Object>) value;
        return map;
    }

    private InvalidTypeException error(String message) {
        return new InvalidTypeException(what + ": invalid metadata JSON at offset " + pos + ": " + message);
    }

    private void skipSpace() {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                return;
            }
            pos++;
        }
    }

    private Object value(int depth) {
        if (depth > MAX_DEPTH) {
            throw error("nested deeper than " + MAX_DEPTH);
        }
        skipSpace();
        if (pos >= text.length()) {
            throw error("unexpected end");
        }
        char c = text.charAt(pos);
        return switch (c) {
            case '{' -> object(depth);
            case '[' -> array(depth);
            case '"' -> string();
            case 't' -> literal("true", Boolean.TRUE);
            case 'f' -> literal("false", Boolean.FALSE);
            case 'n' -> literal("null", null);
            default -> number();
        };
    }

    private Object literal(String word, Object value) {
        if (!text.startsWith(word, pos)) {
            throw error("unexpected character '" + text.charAt(pos) + "'");
        }
        pos += word.length();
        return value;
    }

    private Map<String, Object> object(int depth) {
        pos++;
        Map<String, Object> map = new LinkedHashMap<>();
        skipSpace();
        if (pos < text.length() && text.charAt(pos) == '}') {
            pos++;
            return Collections.unmodifiableMap(map);
        }
        while (true) {
            skipSpace();
            if (pos >= text.length() || text.charAt(pos) != '"') {
                throw error("expected a string key");
            }
            int keyAt = pos;
            String key = string();
            skipSpace();
            expect(':');
            Object value = value(depth + 1);
            if (map.containsKey(key)) {
                pos = keyAt;
                throw error("duplicate key \"" + key + "\"");
            }
            map.put(key, value);
            skipSpace();
            if (pos < text.length() && text.charAt(pos) == ',') {
                pos++;
                continue;
            }
            expect('}');
            return Collections.unmodifiableMap(map);
        }
    }

    private List<Object> array(int depth) {
        pos++;
        List<Object> list = new ArrayList<>();
        skipSpace();
        if (pos < text.length() && text.charAt(pos) == ']') {
            pos++;
            return Collections.unmodifiableList(list);
        }
        while (true) {
            list.add(value(depth + 1));
            skipSpace();
            if (pos < text.length() && text.charAt(pos) == ',') {
                pos++;
                continue;
            }
            expect(']');
            return Collections.unmodifiableList(list);
        }
    }

    private void expect(char c) {
        if (pos >= text.length() || text.charAt(pos) != c) {
            throw error("expected '" + c + "'");
        }
        pos++;
    }

    private String string() {
        pos++;
        StringBuilder out = new StringBuilder();
        while (true) {
            if (pos >= text.length()) {
                throw error("unterminated string");
            }
            char c = text.charAt(pos++);
            if (c == '"') {
                return out.toString();
            }
            if (c < 0x20) {
                throw error("control character in a string");
            }
            if (c != '\\') {
                out.append(c);
                continue;
            }
            if (pos >= text.length()) {
                throw error("unterminated escape");
            }
            char e = text.charAt(pos++);
            switch (e) {
                case '"', '\\', '/' -> out.append(e);
                case 'b' -> out.append('\b');
                case 'f' -> out.append('\f');
                case 'n' -> out.append('\n');
                case 'r' -> out.append('\r');
                case 't' -> out.append('\t');
                case 'u' -> {
                    if (pos + 4 > text.length()) {
                        throw error("short \\u escape");
                    }
                    int cp = 0;
                    for (int k = 0; k < 4; k++) {
                        int d = Character.digit(text.charAt(pos++), 16);
                        if (d < 0) {
                            throw error("bad hex digit in a \\u escape");
                        }
                        cp = cp * 16 + d;
                    }
                    out.append((char) cp);
                }
                default -> throw error("bad escape \\" + e);
            }
        }
    }

    private BigDecimal number() {
        int start = pos;
        if (pos < text.length() && text.charAt(pos) == '-') {
            pos++;
        }
        int intStart = pos;
        while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
            pos++;
        }
        if (pos == intStart || (text.charAt(intStart) == '0' && pos - intStart > 1)) {
            pos = start;
            throw error("not a JSON value");
        }
        if (pos < text.length() && text.charAt(pos) == '.') {
            pos++;
            int fracStart = pos;
            while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
                pos++;
            }
            if (pos == fracStart) {
                throw error("digits expected after '.'");
            }
        }
        if (pos < text.length() && (text.charAt(pos) == 'e' || text.charAt(pos) == 'E')) {
            pos++;
            if (pos < text.length() && (text.charAt(pos) == '+' || text.charAt(pos) == '-')) {
                pos++;
            }
            int expStart = pos;
            while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
                pos++;
            }
            if (pos == expStart || pos - expStart > 4) {
                throw error("bad exponent");
            }
        }
        return new BigDecimal(text.substring(start, pos));
    }

    /** A JSON string literal of {@code s}, quoted and escaped. */
    static String quote(String s) {
        StringBuilder out = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}
