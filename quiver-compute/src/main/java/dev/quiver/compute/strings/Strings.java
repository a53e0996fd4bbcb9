// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.strings;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.kernel.Outputs;
import dev.quiver.compute.kernel.Validity;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.ListArray;
import dev.quiver.core.array.StructArray;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * UTF-8 string kernels, named after pyarrow.compute's, on utf8 and large_utf8 arrays (slices too); a
 * null stays null. Lengths, prefixes, suffixes, substrings, literal search and replacement and splitting
 * work on the bytes; case mapping maps code points one to one (Unicode simple case mapping, as
 * pyarrow's {@code utf8_upper}), with an ASCII fast path. Regular expressions use {@code java.util.regex}
 * on a decoded {@code String} per value: correct but several times slower than the byte kernels (RE2
 * syntax differs in places; {@code (?P<name>...)} is accepted), so a pattern without metacharacters
 * takes the literal path.
 *
 * <pre>{@code
 * Array s = ...;                                     // ["Straße", null, "abc"]
 * Strings.utf8Length(s);                             // [6, null, 3]
 * Strings.upper(s);                                  // ["STRAẞE", null, "ABC"]
 * Strings.startsWith(s, "St");                       // [true, null, false]
 * Strings.replaceRegex(s, "([a-c])", "<\\1>", -1);   // ["Straße", null, "<a><b><c>"]
 * Strings.split(s, "a", -1);                         // [["Str", "ße"], null, ["", "bc"]]
 * Strings.substring(s, 1, 3);                        // ["tr", null, "bc"]
 * }</pre>
 */
public final class Strings {
    private Strings() {
    }

    /**
     * The number of code points of each value (pyarrow's {@code utf8_length}).
     *
     * @param strings utf8 or large_utf8 values
     * @return int32 (int64 for large_utf8) lengths
     * @throws ComputeException if the array is not utf8
     */
    public static Array utf8Length(Array strings) {
        return lengths(strings, "utf8_length", true);
    }

    /**
     * The number of bytes of each value (pyarrow's {@code binary_length}).
     *
     * @param strings utf8 or large_utf8 values
     * @return int32 (int64 for large_utf8) lengths
     * @throws ComputeException if the array is not utf8
     */
    public static Array byteLength(Array strings) {
        return lengths(strings, "binary_length", false);
    }

    private static Array lengths(Array strings, String kernel, boolean codePoints) {
        Utf8View v = new Utf8View(strings, kernel);
        int w = v.large ? 8 : 4;
        ArrowBuffer out = Outputs.allocate(v.length * w);
        MemorySegment o = out.segment();
        for (long i = 0; i < v.length; i++) {
            long s = v.start(i);
            long len = v.end(i) - s;
            long n = codePoints ? Utf8View.codePoints(v.data, s, len) : len;
            if (v.large) {
                o.set(LittleEndian.LONG, i * 8, n);
            } else {
                o.set(LittleEndian.INT, i * 4, (int) n);
            }
        }
        return Outputs.fixedWidth(v.large ? ArrowType.INT64 : ArrowType.INT32, v.length, Validity.and(strings), out);
    }

    /**
     * Each value in upper case (pyarrow's {@code utf8_upper}): code point by code point.
     *
     * @param strings utf8 values
     * @return the mapped values
     * @throws ComputeException if the array is not utf8
     */
    public static Array upper(Array strings) {
        return mapCase(strings, "utf8_upper", true);
    }

    /**
     * Each value in lower case (pyarrow's {@code utf8_lower}): code point by code point.
     *
     * @param strings utf8 values
     * @return the mapped values
     * @throws ComputeException if the array is not utf8
     */
    public static Array lower(Array strings) {
        return mapCase(strings, "utf8_lower", false);
    }

    private static Array mapCase(Array strings, String kernel, boolean upper) {
        Utf8View v = new Utf8View(strings, kernel);
        StringOutput out = new StringOutput(strings.type(), v.length);
        byte[] buf = new byte[64];
        StringBuilder sb = new StringBuilder();
        for (long i = 0; i < v.length; i++) {
            long s = v.start(i);
            int len = (int) (v.end(i) - s);
            if (buf.length < len) {
                buf = new byte[Math.max(len, buf.length * 2)];
            }
            MemorySegment.copy(v.data, LittleEndian.BYTE, s, buf, 0, len);
            boolean ascii = true;
            for (int j = 0; j < len && ascii; j++) {
                ascii = buf[j] >= 0;
            }
            if (ascii) {
                for (int j = 0; j < len; j++) {
                    byte b = buf[j];
                    if (upper ? (b >= 'a' && b <= 'z') : (b >= 'A' && b <= 'Z')) {
                        buf[j] = (byte) (b ^ 0x20);
                    }
                }
                out.append(MemorySegment.ofArray(buf), 0, len);
            } else {
                String str = new String(buf, 0, len, StandardCharsets.UTF_8);
                sb.setLength(0);
                str.codePoints().forEach(cp -> sb.appendCodePoint(upper ? upperCase(cp) : Character.toLowerCase(cp)));
                out.append(sb.toString());
            }
        }
        return out.finish(Validity.and(strings));
    }

    /**
     * The simple upper-case mapping of a code point, as Unicode's current data and pyarrow's utf8proc have
     * it: also ß (U+00DF) to ẞ (U+1E9E), which Java's {@link Character#toUpperCase(int)} leaves alone.
     */
    private static int upperCase(int cp) {
        return cp == 0xDF ? 0x1E9E : Character.toUpperCase(cp);
    }

    /**
     * Whether each value starts with {@code prefix} (pyarrow's {@code starts_with}).
     *
     * @param strings utf8 values
     * @param prefix the prefix
     * @return bools
     * @throws ComputeException if the array is not utf8
     */
    public static Array startsWith(Array strings, String prefix) {
        return match(strings, "starts_with", prefix, 0);
    }

    /**
     * Whether each value ends with {@code suffix} (pyarrow's {@code ends_with}).
     *
     * @param strings utf8 values
     * @param suffix the suffix
     * @return bools
     * @throws ComputeException if the array is not utf8
     */
    public static Array endsWith(Array strings, String suffix) {
        return match(strings, "ends_with", suffix, 1);
    }

    /**
     * Whether each value contains {@code literal} (pyarrow's {@code match_substring}).
     *
     * @param strings utf8 values
     * @param literal the substring
     * @return bools
     * @throws ComputeException if the array is not utf8
     */
    public static Array contains(Array strings, String literal) {
        return match(strings, "match_substring", literal, 2);
    }

    private static Array match(Array strings, String kernel, String pattern, int where) {
        Utf8View v = new Utf8View(strings, kernel);
        byte[] p = pattern.getBytes(StandardCharsets.UTF_8);
        MemorySegment ps = MemorySegment.ofArray(p);
        ArrowBuffer bits = Outputs.allocateBits(v.length);
        for (long i = 0; i < v.length; i++) {
            long s = v.start(i);
            long e = v.end(i);
            boolean hit = switch (where) {
                case 0 -> e - s >= p.length && MemorySegment.mismatch(v.data, s, s + p.length, ps, 0, p.length) == -1;
                case 1 -> e - s >= p.length && MemorySegment.mismatch(v.data, e - p.length, e, ps, 0, p.length) == -1;
                default -> indexOf(v.data, s, e, p, ps) >= 0;
            };
            if (hit) {
                Bitmaps.set(bits.segment(), i, true);
            }
        }
        return Outputs.bool(v.length, Validity.and(strings), bits);
    }

    /** Where {@code p} first occurs in {@code data[from, to)}, or -1. */
    private static long indexOf(MemorySegment data, long from, long to, byte[] p, MemorySegment ps) {
        if (p.length == 0) {
            return from;
        }
        byte first = p[0];
        for (long i = from; i + p.length <= to; i++) {
            if (data.get(LittleEndian.BYTE, i) == first
                    && MemorySegment.mismatch(data, i, i + p.length, ps, 0, p.length) == -1) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Whether each value contains a match of a regular expression (pyarrow's {@code match_substring_regex}).
     *
     * @param strings utf8 values
     * @param regex the pattern ({@code java.util.regex} syntax; {@code (?P<name>} accepted)
     * @return bools
     * @throws ComputeException if the array is not utf8 or the pattern is invalid
     */
    public static Array matchRegex(Array strings, String regex) {
        if (isLiteral(regex)) {
            return contains(strings, regex);
        }
        Utf8View v = new Utf8View(strings, "match_substring_regex");
        Matcher m = compile(regex, "match_substring_regex").matcher("");
        ArrowBuffer bits = Outputs.allocateBits(v.length);
        for (long i = 0; i < v.length; i++) {
            if (strings.isValid(i) && m.reset(v.string(i)).find()) {
                Bitmaps.set(bits.segment(), i, true);
            }
        }
        return Outputs.bool(v.length, Validity.and(strings), bits);
    }

    /**
     * Replaces occurrences of a literal (pyarrow's {@code replace_substring}).
     *
     * @param strings utf8 values
     * @param literal what to replace, not empty
     * @param replacement what to put instead
     * @param maxReplacements the most replacements per value, or -1 for all
     * @return the replaced values
     * @throws ComputeException if the array is not utf8 or the literal is empty
     */
    public static Array replace(Array strings, String literal, String replacement, long maxReplacements) {
        if (literal.isEmpty()) {
            throw new ComputeException("replace_substring: the pattern must not be empty");
        }
        Utf8View v = new Utf8View(strings, "replace_substring");
        byte[] p = literal.getBytes(StandardCharsets.UTF_8);
        MemorySegment ps = MemorySegment.ofArray(p);
        byte[] r = replacement.getBytes(StandardCharsets.UTF_8);
        MemorySegment rs = MemorySegment.ofArray(r);
        StringOutput out = new StringOutput(strings.type(), v.length);
        dev.quiver.core.memory.GrowableBuffer value = new dev.quiver.core.memory.GrowableBuffer(Outputs.allocator());
        for (long i = 0; i < v.length; i++) {
            long s = v.start(i);
            long e = v.end(i);
            value.clear();
            long at = s;
            long done = 0;
            long hit;
            while ((maxReplacements < 0 || done < maxReplacements) && (hit = indexOf(v.data, at, e, p, ps)) >= 0) {
                value.appendBytes(v.data, at, hit - at);
                value.appendBytes(rs, 0, r.length);
                at = hit + p.length;
                done++;
            }
            value.appendBytes(v.data, at, e - at);
            out.append(value.segment(), 0, value.size());
        }
        return out.finish(Validity.and(strings));
    }

    /**
     * Replaces matches of a regular expression (pyarrow's {@code replace_substring_regex}); {@code \1} in
     * the replacement is group 1, as in RE2.
     *
     * @param strings utf8 values
     * @param regex the pattern
     * @param replacement the replacement, with {@code \N} group references
     * @param maxReplacements the most replacements per value, or -1 for all
     * @return the replaced values
     * @throws ComputeException if the array is not utf8 or the pattern is invalid
     */
    public static Array replaceRegex(Array strings, String regex, String replacement, long maxReplacements) {
        Utf8View v = new Utf8View(strings, "replace_substring_regex");
        Matcher m = compile(regex, "replace_substring_regex").matcher("");
        String javaReplacement = replacement.replace("$", "\\$").replaceAll("\\\\\\\\", "\u0000")
                .replaceAll("\\\\(\\d)", "\\$$1").replace("\u0000", "\\\\");
        StringOutput out = new StringOutput(strings.type(), v.length);
        StringBuilder sb = new StringBuilder();
        for (long i = 0; i < v.length; i++) {
            if (!strings.isValid(i)) {
                out.appendEmpty();
                continue;
            }
            m.reset(v.string(i));
            sb.setLength(0);
            long done = 0;
            while ((maxReplacements < 0 || done < maxReplacements) && m.find()) {
                m.appendReplacement(sb, javaReplacement);
                done++;
            }
            m.appendTail(sb);
            out.append(sb.toString());
        }
        return out.finish(Validity.and(strings));
    }

    /**
     * The named groups of the first match of a regular expression in each value (pyarrow's
     * {@code extract_regex}): a struct of one utf8 field per named group; null where there is no match.
     *
     * @param strings utf8 values
     * @param regex the pattern with named groups {@code (?<name>...)} or {@code (?P<name>...)}
     * @return the struct array
     * @throws ComputeException if the array is not utf8, or the pattern is invalid or has no named group
     */
    public static StructArray extractRegex(Array strings, String regex) {
        Utf8View v = new Utf8View(strings, "extract_regex");
        Pattern pattern = compile(regex, "extract_regex");
        List<Map.Entry<String, Integer>> groups = new ArrayList<>(pattern.namedGroups().entrySet());
        groups.sort(Map.Entry.comparingByValue());
        if (groups.isEmpty()) {
            throw new ComputeException("extract_regex: the pattern " + regex + " has no named group");
        }
        StringOutput[] outs = new StringOutput[groups.size()];
        for (int g = 0; g < outs.length; g++) {
            outs[g] = new StringOutput(strings.type(), v.length);
        }
        boolean[] valid = new boolean[(int) v.length];
        Matcher m = pattern.matcher("");
        for (long i = 0; i < v.length; i++) {
            boolean hit = strings.isValid(i) && m.reset(v.string(i)).find();
            valid[(int) i] = hit;
            for (int g = 0; g < outs.length; g++) {
                String part = hit ? m.group(groups.get(g).getValue()) : null;
                if (part == null) {
                    outs[g].appendEmpty();
                } else {
                    outs[g].append(part);
                }
            }
        }
        List<Field> fields = new ArrayList<>();
        List<Array> children = new ArrayList<>();
        for (int g = 0; g < outs.length; g++) {
            fields.add(Field.nullable(groups.get(g).getKey(), strings.type()));
            children.add(outs[g].finish(null));
        }
        return StructArray.of(new ArrowType.Struct(fields), valid, children);
    }

    /**
     * Splits each value at a separator (pyarrow's {@code split_pattern}).
     *
     * @param strings utf8 values
     * @param separator the separator, not empty
     * @param maxSplits the most splits per value, or -1 for all
     * @return a list array of the parts
     * @throws ComputeException if the array is not utf8 or the separator is empty
     */
    public static ListArray split(Array strings, String separator, long maxSplits) {
        if (separator.isEmpty()) {
            throw new ComputeException("split_pattern: the separator must not be empty");
        }
        Utf8View v = new Utf8View(strings, "split_pattern");
        byte[] p = separator.getBytes(StandardCharsets.UTF_8);
        MemorySegment ps = MemorySegment.ofArray(p);
        List<long[]> parts = new ArrayList<>();
        int[] offsets = new int[(int) v.length + 1];
        boolean[] valid = new boolean[(int) v.length];
        for (long i = 0; i < v.length; i++) {
            valid[(int) i] = strings.isValid(i);
            if (valid[(int) i]) {
                long at = v.start(i);
                long e = v.end(i);
                long done = 0;
                long hit;
                while ((maxSplits < 0 || done < maxSplits) && (hit = indexOf(v.data, at, e, p, ps)) >= 0) {
                    parts.add(new long[] {at, hit});
                    at = hit + p.length;
                    done++;
                }
                parts.add(new long[] {at, e});
            }
            offsets[(int) i + 1] = parts.size();
        }
        StringOutput out = new StringOutput(strings.type(), parts.size());
        for (long[] part : parts) {
            out.append(v.data, part[0], part[1] - part[0]);
        }
        return ListArray.of(offsets, valid, out.finish(null));
    }

    /**
     * Joins the strings of each list with a separator (pyarrow's {@code binary_join}); a null list, or
     * a list holding a null, gives null.
     *
     * @param lists a list array of utf8 values
     * @param separator put between the strings
     * @return the joined strings
     * @throws ComputeException if the lists do not hold utf8 values
     */
    public static Array join(ListArray lists, String separator) {
        Utf8View v = new Utf8View(lists.values(), "binary_join");
        byte[] sep = separator.getBytes(StandardCharsets.UTF_8);
        MemorySegment ss = MemorySegment.ofArray(sep);
        long n = lists.length();
        StringOutput out = new StringOutput(lists.values().type(), n);
        dev.quiver.core.memory.GrowableBuffer value = new dev.quiver.core.memory.GrowableBuffer(Outputs.allocator());
        boolean[] valid = new boolean[(int) n];
        for (long i = 0; i < n; i++) {
            boolean ok = lists.isValid(i);
            value.clear();
            if (ok) {
                long from = lists.valueOffset(i);
                long count = lists.valueLength(i);
                for (long k = 0; k < count && ok; k++) {
                    long j = from + k;
                    ok = lists.values().isValid(j);
                    if (k > 0) {
                        value.appendBytes(ss, 0, sep.length);
                    }
                    value.appendBytes(v.data, v.start(j), v.end(j) - v.start(j));
                }
            }
            valid[(int) i] = ok;
            if (ok) {
                out.append(value.segment(), 0, value.size());
            } else {
                out.appendEmpty();
            }
        }
        return out.finish(bitmap(valid));
    }

    /**
     * The code points {@code [start, stop)} of each value (pyarrow's {@code utf8_slice_codeunits} with
     * step 1); negative positions count from the end.
     *
     * @param strings utf8 values
     * @param start the first code point
     * @param stop the code point after the last, or {@link Long#MAX_VALUE} for the end
     * @return the substrings
     * @throws ComputeException if the array is not utf8
     */
    public static Array substring(Array strings, long start, long stop) {
        Utf8View v = new Utf8View(strings, "utf8_slice_codeunits");
        StringOutput out = new StringOutput(strings.type(), v.length);
        for (long i = 0; i < v.length; i++) {
            long s = v.start(i);
            long e = v.end(i);
            long n = (start < 0 || stop < 0) ? Utf8View.codePoints(v.data, s, e - s) : 0;
            long from = start < 0 ? Math.max(0, n + start) : start;
            long to = stop < 0 ? Math.max(0, n + stop) : stop;
            if (to <= from) {
                out.appendEmpty();
                continue;
            }
            long a = advance(v.data, s, e, from);
            long b = advance(v.data, a, e, to - from);
            out.append(v.data, a, b - a);
        }
        return out.finish(Validity.and(strings));
    }

    /** The position {@code count} code points after {@code at}, at most {@code end}. */
    private static long advance(MemorySegment data, long at, long end, long count) {
        long seen = 0;
        long i = at;
        while (i < end) {
            if ((data.get(LittleEndian.BYTE, i) & 0xC0) != 0x80) {
                if (seen == count) {
                    return i;
                }
                seen++;
            }
            i++;
        }
        return end;
    }

    /**
     * Removes whitespace (ASCII and Unicode white space) from both ends of each value (pyarrow's
     * {@code utf8_trim_whitespace}).
     *
     * @param strings utf8 values
     * @return the trimmed values
     * @throws ComputeException if the array is not utf8
     */
    public static Array trim(Array strings) {
        return trim(strings, null);
    }

    /**
     * Removes the given characters from both ends of each value (pyarrow's {@code utf8_trim}).
     *
     * @param strings utf8 values
     * @param characters the code points to remove, or null for white space
     * @return the trimmed values
     * @throws ComputeException if the array is not utf8
     */
    public static Array trim(Array strings, String characters) {
        Utf8View v = new Utf8View(strings, characters == null ? "utf8_trim_whitespace" : "utf8_trim");
        StringOutput out = new StringOutput(strings.type(), v.length);
        for (long i = 0; i < v.length; i++) {
            if (!strings.isValid(i)) {
                out.appendEmpty();
                continue;
            }
            String s = v.string(i);
            int a = 0;
            int b = s.length();
            while (a < b && strip(s.codePointAt(a), characters)) {
                a += Character.charCount(s.codePointAt(a));
            }
            while (b > a && strip(s.codePointBefore(b), characters)) {
                b -= Character.charCount(s.codePointBefore(b));
            }
            out.append(s.substring(a, b));
        }
        return out.finish(Validity.and(strings));
    }

    private static boolean strip(int cp, String characters) {
        return characters == null ? Character.isWhitespace(cp) || Character.isSpaceChar(cp) : characters.indexOf(cp) >= 0;
    }

    private static boolean isLiteral(String regex) {
        for (int i = 0; i < regex.length(); i++) {
            if ("\\^$.|?*+()[]{}".indexOf(regex.charAt(i)) >= 0) {
                return false;
            }
        }
        return true;
    }

    private static Pattern compile(String regex, String kernel) {
        try {
            return Pattern.compile(regex.replace("(?P<", "(?<"));
        } catch (PatternSyntaxException e) {
            throw new ComputeException(kernel + ": invalid regular expression " + regex + ": " + e.getDescription(), e);
        }
    }

    private static ArrowBuffer bitmap(boolean[] valid) {
        ArrowBuffer b = Outputs.allocateBits(valid.length);
        for (int i = 0; i < valid.length; i++) {
            if (valid[i]) {
                Bitmaps.set(b.segment(), i, true);
            }
        }
        return Outputs.dropIfAllValid(b, valid.length);
    }
}
