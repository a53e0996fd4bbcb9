// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Printing of generic values. */
class ValuesTest {
    @Test
    void decimalsPrintWithoutExponentWhereverTheyAre() {
        assertEquals("-0.0000009", Values.format(new BigDecimal("-9E-7")));
        ArrowType type = ArrowType.List.of(new ArrowType.Decimal(3, -2, 64));
        ArrayBuilder b = ArrayBuilder.of(type, BufferAllocator.managed());
        b.appendObject(List.of(new BigDecimal("100"), new BigDecimal("-1.2E+4")));
        b.appendObject(Arrays.asList((Object) null));
        assertEquals("[[100, -12000], [null]]", b.build().toString());
    }

    @Test
    void decimalsWithAScaleFarFromTheirDigitsPrintInScientificNotation() {
        for (int scale : new int[] {Integer.MAX_VALUE, Integer.MIN_VALUE, 200, -200}) {
            ArrayBuilder b = ArrayBuilder.of(new ArrowType.Decimal(9, scale, 32), BufferAllocator.managed());
            b.appendObject(new BigDecimal(java.math.BigInteger.valueOf(-5), scale));
            Array a = b.build();
            String expected = new BigDecimal(java.math.BigInteger.valueOf(-5), scale).toString();
            assertEquals("[" + expected + "]", a.toString(), "scale " + scale);
            assertEquals(expected, Values.format(a.getObject(0)));
        }
        assertEquals("0.0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000005",
                Values.format(new BigDecimal(java.math.BigInteger.valueOf(5), 97)), "plain up to 100 digits");
    }
}
