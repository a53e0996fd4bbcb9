// SPDX-License-Identifier: Apache-2.0
package dev.quiver.benchdata;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class BenchFiguresTest {
    @Test
    void sumXPrintsAsPythonsTwoDecimalFormat() {
        // Python: f"{x:.2f}" rounds the exact binary value half to even.
        assertEquals("0.12", BenchFigures.twoDecimals(0.125));
        assertEquals("0.38", BenchFigures.twoDecimals(0.375));
        assertEquals("2.67", BenchFigures.twoDecimals(2.675));
        assertEquals("1.01", BenchFigures.twoDecimals(1.005000000000001));
        assertEquals("124999875000.00", BenchFigures.twoDecimals(124999875000.0));
        assertEquals("100000000000000000000.00", BenchFigures.twoDecimals(1e20));
        assertEquals("-3.50", BenchFigures.twoDecimals(-3.5));
        assertEquals("-0.00", BenchFigures.twoDecimals(-0.001));
        assertEquals("-0.00", BenchFigures.twoDecimals(-0.0));
        assertEquals("0.00", BenchFigures.twoDecimals(0.0));
        assertEquals("nan", BenchFigures.twoDecimals(Double.NaN));
        assertEquals("inf", BenchFigures.twoDecimals(Double.POSITIVE_INFINITY));
        assertEquals("-inf", BenchFigures.twoDecimals(Double.NEGATIVE_INFINITY));
        assertEquals("0.25", BenchFigures.twoDecimals(0.25));
        assertEquals("0.07", BenchFigures.twoDecimals(0.07));
        assertEquals("-12.05", BenchFigures.twoDecimals(-12.05));
        assertEquals("90071992547409.91", BenchFigures.twoDecimals(90071992547409.91));
    }
}
