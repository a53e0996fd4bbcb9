// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.arithmetic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quiver.compute.ComputeException;
import dev.quiver.core.array.Array;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.type.ArrowType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Decimal add, subtract, multiply and divide against exact BigDecimal arithmetic, on values small enough for the
 * long path and large enough to leave it (products and scaled dividends past 2^63), with nulls and negatives.
 */
class DecimalArithmeticTest {
    private static final ArrowType.Decimal A = new ArrowType.Decimal(15, 2, 128);
    private static final ArrowType.Decimal B = new ArrowType.Decimal(12, 4, 128);

    private static Array decimals(ArrowType.Decimal type, Random random, BigInteger[] unscaled) {
        ArrayBuilder b = ArrayBuilder.of(type);
        for (int i = 0; i < unscaled.length; i++) {
            long bound = random.nextBoolean() ? 1000 : (long) Math.pow(10, type.precision()) - 1;
            long v = random.nextInt(10) == 0 ? 0 : random.nextLong(-bound, bound + 1);
            unscaled[i] = random.nextInt(15) == 0 ? null : BigInteger.valueOf(v);
            b.appendObject(unscaled[i] == null ? null : new BigDecimal(unscaled[i], type.scale()));
        }
        return b.build();
    }

    @Test
    void longAndWidePathsGiveExactResults() {
        Random random = new Random(70);
        int n = 20_000;
        BigInteger[] ua = new BigInteger[n];
        BigInteger[] ub = new BigInteger[n];
        Array a = decimals(A, random, ua);
        Array b = decimals(B, random, ub);
        Array sum = Arithmetic.add(a, b);
        Array difference = Arithmetic.subtract(a, b);
        Array product = Arithmetic.multiply(a, b);
        Array quotient = Arithmetic.divide(a, Arithmetic.add(b, one()));
        assertEquals(new ArrowType.Decimal(18, 4, 128), sum.type());
        assertEquals(new ArrowType.Decimal(28, 6, 128), product.type());
        int qs = ((ArrowType.Decimal) quotient.type()).scale();
        for (int i = 0; i < n; i++) {
            if (ua[i] == null || ub[i] == null) {
                assertEquals(null, sum.getObject(i));
                continue;
            }
            BigDecimal x = new BigDecimal(ua[i], A.scale());
            BigDecimal y = new BigDecimal(ub[i], B.scale());
            assertEquals(x.add(y).setScale(4), sum.getObject(i), "add at row " + i);
            assertEquals(x.subtract(y).setScale(4), difference.getObject(i), "subtract at row " + i);
            assertEquals(x.multiply(y).setScale(6), product.getObject(i), "multiply at row " + i);
            BigDecimal d = y.add(BigDecimal.ONE);
            if (d.signum() != 0) {
                assertEquals(x.divide(d, qs, RoundingMode.DOWN), quotient.getObject(i), "divide at row " + i);
            }
        }
    }

    @Test
    void divisionByZeroNamesTheRow() {
        Array a = ArrayBuilder.of(A).appendObject(new BigDecimal("1.00")).appendObject(new BigDecimal("2.00")).build();
        Array b = ArrayBuilder.of(B).appendObject(new BigDecimal("1.0000")).appendObject(BigDecimal.ZERO).build();
        ComputeException e = assertThrows(ComputeException.class, () -> Arithmetic.divide(a, b));
        assertEquals("divide: divide by zero at row 1", e.getMessage());
    }

    private static Array one() {
        return ArrayBuilder.of(new ArrowType.Decimal(1, 0, 128)).appendObject(BigDecimal.ONE).build();
    }
}
