// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.strings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.PyarrowOracle;
import dev.quiver.compute.RandomArrays;
import dev.quiver.core.array.Array;
import dev.quiver.core.array.ListArray;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.type.ArrowType;
import dev.quiver.testkit.PythonPeer;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The string kernels against pyarrow.compute on random sliced utf8 and large_utf8 arrays with nulls. */
class StringsPyarrowTest {
    private static final String[] WORDS = {"", "a", "Ab", "  padded\t", "Straße", "ǅemal", "日本語", "x😀y", "a-b-c",
            "aaa", "banana", "ÉCOLE", "\u00a0nbsp\u2003", "cab ab"};

    @TempDir
    Path dir;

    private static Array words(ArrowType type, Random rnd, int n) {
        ArrayBuilder b = ArrayBuilder.of(type);
        for (int i = 0; i < n + 4; i++) {
            if (rnd.nextInt(8) == 0) {
                b.appendNull();
            } else {
                b.appendObject(WORDS[rnd.nextInt(WORDS.length)] + (rnd.nextBoolean() ? "" : WORDS[rnd.nextInt(WORDS.length)]));
            }
        }
        return b.build().slice(2, n);
    }

    @Test
    void stringKernelsEqualPyarrow() throws Exception {
        Optional<PythonPeer> python = PythonPeer.find();
        Assumptions.assumeTrue(python.isPresent(), PythonPeer.SKIP_MESSAGE);
        PyarrowOracle oracle = new PyarrowOracle();
        Random rnd = new Random(23);
        for (ArrowType type : List.of(ArrowType.UTF8, ArrowType.LARGE_UTF8)) {
            String name = type instanceof ArrowType.Utf8 ? "s" : "l";
            Array s = oracle.input(name, words(type, rnd, 300));
            String c = "t['" + name + "']";
            oracle.check("utf8_length " + type, "pc.utf8_length(" + c + ")", () -> Strings.utf8Length(s));
            oracle.check("binary_length " + type, "pc.binary_length(" + c + ")", () -> Strings.byteLength(s));
            oracle.check("upper " + type, "pc.utf8_upper(" + c + ")", () -> Strings.upper(s));
            oracle.check("lower " + type, "pc.utf8_lower(" + c + ")", () -> Strings.lower(s));
            for (String p : List.of("a", "ab", "ß", "", "日本")) {
                oracle.check("starts_with " + p, "pc.starts_with(" + c + ", '" + p + "')", () -> Strings.startsWith(s, p));
                oracle.check("ends_with " + p, "pc.ends_with(" + c + ", '" + p + "')", () -> Strings.endsWith(s, p));
                oracle.check("match_substring " + p, "pc.match_substring(" + c + ", '" + p + "')", () -> Strings.contains(s, p));
            }
            for (String r : List.of("^a", "b.n", "[ÉE]", "a+$", "ab")) {
                oracle.check("match_substring_regex " + r, "pc.match_substring_regex(" + c + ", '" + r + "')",
                        () -> Strings.matchRegex(s, r));
            }
            oracle.check("match_substring_regex invalid", "pc.match_substring_regex(" + c + ", '(a')",
                    () -> Strings.matchRegex(s, "(a"));
            oracle.check("replace_substring", "pc.replace_substring(" + c + ", 'a', 'XY')", () -> Strings.replace(s, "a", "XY", -1));
            oracle.check("replace_substring max", "pc.replace_substring(" + c + ", 'a', '', max_replacements=1)",
                    () -> Strings.replace(s, "a", "", 1));
            oracle.check("replace_substring_regex", "pc.replace_substring_regex(" + c + ", '([ab])', r'<\\1>')",
                    () -> Strings.replaceRegex(s, "([ab])", "<\\1>", -1));
            oracle.check("extract_regex", "pc.extract_regex(" + c + ", r'(?P<first>[a-z])(?P<rest>[a-z]*)')",
                    () -> Strings.extractRegex(s, "(?P<first>[a-z])(?P<rest>[a-z]*)"));
            oracle.check("split_pattern", "pc.split_pattern(" + c + ", '-')", () -> Strings.split(s, "-", -1));
            oracle.check("split_pattern max", "pc.split_pattern(" + c + ", 'a', max_splits=1)", () -> Strings.split(s, "a", 1));
            if (type instanceof ArrowType.Utf8) {
                // pyarrow has no binary_join of large_string lists with a string separator
                oracle.check("binary_join", "pc.binary_join(pc.split_pattern(" + c + ", 'a'), '+')",
                        () -> Strings.join(Strings.split(s, "a", -1), "+"));
            }
            for (long[] r : new long[][] {{0, 2}, {1, 4}, {-2, Long.MAX_VALUE}, {2, -1}, {-3, -1}, {3, 1}}) {
                String stop = r[1] == Long.MAX_VALUE ? "None" : Long.toString(r[1]);
                oracle.check("utf8_slice_codeunits " + r[0] + ":" + stop,
                        "pc.utf8_slice_codeunits(" + c + ", " + r[0] + ", " + stop + ")", () -> Strings.substring(s, r[0], r[1]));
            }
            oracle.check("utf8_trim_whitespace", "pc.utf8_trim_whitespace(" + c + ")", () -> Strings.trim(s));
            oracle.check("utf8_trim", "pc.utf8_trim(" + c + ", 'a ')", () -> Strings.trim(s, "a "));
        }
        oracle.verify(python.get(), dir);
    }

    @Test
    void nonStringsAreRefused() {
        Array ints = RandomArrays.of(ArrowType.INT32, new Random(1), 5, 0);
        ComputeException e = assertThrows(ComputeException.class, () -> Strings.upper(ints));
        assertEquals(true, e.getMessage().contains("utf8_upper"), e.getMessage());
        ListArray lists = Strings.split(words(ArrowType.UTF8, new Random(2), 5), "a", -1);
        assertThrows(ComputeException.class, () -> Strings.split(lists.values(), "", -1));
    }
}
