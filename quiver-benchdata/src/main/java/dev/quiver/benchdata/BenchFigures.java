// SPDX-License-Identifier: Apache-2.0
package dev.quiver.benchdata;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;

/**
 * The checksum figures of a {@code bench-v1} table (docs/bench-v1.md), however they were
 * computed: by Quiver ({@link BenchChecksum}) or by another Arrow implementation. Sums wrap on 64-bit
 * overflow.
 *
 * @param rows the number of rows
 * @param sumId the sum of {@code id}
 * @param sumX the sum of {@code x}
 * @param countFlag the number of rows where {@code flag} is true
 * @param sumMaybe the sum of the non-null {@code maybe} values
 * @param nullMaybe the number of null {@code maybe} values
 * @param nameBytes the sum of the UTF-8 byte lengths of the non-null {@code name} values
 * @param nullName the number of null {@code name} values
 * @param catBytes the sum of the UTF-8 byte lengths of the decoded {@code cat} values
 * @param sumTs the sum of {@code ts}
 * @param tagsCount the total number of elements of the {@code tags} lists
 * @param tagsSum the sum of all {@code tags} elements
 * @param sumPrice the sum of the unscaled non-null {@code price} values
 */
public record BenchFigures(long rows, long sumId, double sumX, long countFlag, long sumMaybe, long nullMaybe,
        long nameBytes, long nullName, long catBytes, long sumTs, long tagsCount, long tagsSum, long sumPrice) {

    /**
     * The figures as docs/bench-v1.md prints them; {@code sum_x} with two decimals.
     *
     * @return one {@code name=value} line per figure, in the document's order
     */
    public List<String> lines() {
        return List.of(
                "rows=" + rows,
                "sum_id=" + sumId,
                "sum_x=" + twoDecimals(sumX),
                "count_flag=" + countFlag,
                "sum_maybe=" + sumMaybe,
                "null_maybe=" + nullMaybe,
                "name_bytes=" + nameBytes,
                "null_name=" + nullName,
                "cat_bytes=" + catBytes,
                "sum_ts=" + sumTs,
                "tags_count=" + tagsCount,
                "tags_sum=" + tagsSum,
                "sum_price=" + sumPrice);
    }

    /**
     * {@code x} with two decimals as Python's {@code f"{x:.2f}"} prints it, the other implementations'
     * checksums: its exact binary value rounded half to even, the sign of a negative zero kept, {@code
     * nan}, {@code inf}. A whole number of hundredths (every {@code sum_x} of bench-v1) is printed with
     * integer arithmetic; the first use of {@code String.format} or {@code BigDecimal} costs a fresh JVM
     * about 10 ms.
     */
    static String twoDecimals(double x) {
        if (Double.isNaN(x)) {
            return "nan";
        }
        if (Double.isInfinite(x)) {
            return x > 0 ? "inf" : "-inf";
        }
        double hundredths = x * 100;
        boolean exact = Math.abs(hundredths) < 0x1p53 && hundredths == Math.rint(hundredths)
                && Math.fma(x, 100, -hundredths) == 0;
        String text;
        if (exact) {
            long cents = Math.abs((long) hundredths);
            long fraction = cents % 100;
            text = cents / 100 + (fraction < 10 ? ".0" : ".") + fraction;
        } else {
            text = new BigDecimal(x).abs().setScale(2, RoundingMode.HALF_EVEN).toPlainString();
        }
        return Double.doubleToRawLongBits(x) < 0 ? "-" + text : text;
    }
}
