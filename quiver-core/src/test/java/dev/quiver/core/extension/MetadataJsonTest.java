// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.extension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.type.InvalidTypeException;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MetadataJsonTest {

    @Test
    void parsesObjectsArraysStringsNumbersAndLiterals() {
        Map<String, Object> m = MetadataJson.parseObject(
                " {\"a\": [1, -2.5e1, null, true, false], \"b\": \"x\\\"\\u0041\", \"c\": {}} ", "t");
        assertEquals(Arrays.asList(new BigDecimal("1"), new BigDecimal("-2.5e1"), null, true, false), m.get("a"));
        assertEquals("x\"A", m.get("b"));
        assertEquals(Map.of(), m.get("c"));
        assertEquals(List.of("a", "b", "c"), List.copyOf(m.keySet()));
    }

    @Test
    void refusesWhatIsNotOneJsonObject() {
        for (String bad : new String[] {"", "[]", "{", "{\"a\":1,}", "{\"a\" 1}", "{\"a\":01}", "{\"a\":1} x",
            "{\"a\":\"\u0001\"}", "{\"a\":tru}", "{\"a\":1, \"a\":2}", "{'a':1}", "{\"a\":1e99999}"}) {
            InvalidTypeException e = assertThrows(InvalidTypeException.class, () -> MetadataJson.parseObject(bad, "t"),
                    bad);
            assertTrue(e.getMessage().startsWith("t: invalid metadata JSON at offset"), e.getMessage());
        }
    }

    @Test
    void deepNestingIsRefusedNotAStackOverflow() {
        String deep = "{\"a\":" + "[".repeat(10_000) + "]".repeat(10_000) + "}";
        assertThrows(InvalidTypeException.class, () -> MetadataJson.parseObject(deep, "t"));
    }

    @Test
    void quoteEscapes() {
        assertEquals("\"a\\\"b\\\\c\\n\\u0001\"", MetadataJson.quote("a\"b\\c\n\u0001"));
    }
}
