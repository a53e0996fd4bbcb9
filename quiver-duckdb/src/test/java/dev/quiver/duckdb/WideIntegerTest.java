// SPDX-License-Identifier: Apache-2.0
package dev.quiver.duckdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.Table;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * DuckDB gives HUGEINT and UHUGEINT as Arrow's decimal128(38, 0) by copying their bits (so do DuckDB's own
 * clients: its Python client's {@code .arrow()} gives UHUGEINT 2^128 - 1 as -1): a value the type cannot
 * hold is an error naming the column and row, never a value with another sign or more digits than the type.
 */
class WideIntegerTest {
    private static final String UHUGE_MAX = "340282366920938463463374607431768211455";
    private static final String NINES_38 = "99999999999999999999999999999999999999";

    private static Table all(DuckDbConnection db, String sql) {
        try (RecordBatchReader reader = db.query(sql)) {
            return Table.from(reader);
        }
    }

    private static DuckDbException refused(String sql) {
        try (DuckDbConnection db = DuckDb.open()) {
            return assertThrows(DuckDbException.class, () -> all(db, sql));
        }
    }

    @Test
    void aUhugeintOfTwoToThe127OrMoreIsRefusedNotMadeNegative() {
        DuckDbException e = refused("SELECT range AS k, CASE WHEN range = 3000 THEN " + UHUGE_MAX
                + "::UHUGEINT ELSE range::UHUGEINT END AS u FROM range(5000)");
        assertTrue(e.getMessage().startsWith("column u, row 3000: the UHUGEINT " + UHUGE_MAX + " does not fit "
                + "Arrow's decimal128(38, 0)"), e.getMessage());
        DuckDbException half = refused("SELECT (170141183460469231731687303715884105728::UHUGEINT + 5) AS big");
        assertTrue(half.getMessage().startsWith("column big, row 0: the UHUGEINT "
                + "170141183460469231731687303715884105733 does not fit"), half.getMessage());
    }

    @Test
    void thirtyNineDigitsAreRefusedEitherSign() {
        DuckDbException low = refused("SELECT (-170141183460469231731687303715884105728)::HUGEINT AS h");
        assertTrue(low.getMessage().startsWith("column h, row 0: the value -170141183460469231731687303715884105728 "
                + "does not fit"), low.getMessage());
        DuckDbException high = refused("SELECT 100000000000000000000000000000000000000::UHUGEINT AS u");
        assertTrue(high.getMessage().startsWith("column u, row 0: the UHUGEINT 1" + "0".repeat(38)),
                high.getMessage());
    }

    @Test
    void aValueNestedInAListOrStructIsChecked() {
        DuckDbException list = refused("SELECT [1::UHUGEINT, " + UHUGE_MAX + "::UHUGEINT] AS l");
        assertTrue(list.getMessage().startsWith("column l, a value nested in the rows from 0: the UHUGEINT "
                + UHUGE_MAX), list.getMessage());
        DuckDbException struct = refused("SELECT {'a': 1, 'b': " + UHUGE_MAX + "::UHUGEINT} AS s");
        assertTrue(struct.getMessage().startsWith("column s, a value nested"), struct.getMessage());
    }

    @Test
    void valuesThatFitArriveWhole() {
        try (DuckDbConnection db = DuckDb.open()) {
            RecordBatch batch = all(db, "SELECT " + NINES_38 + "::UHUGEINT AS u, -" + NINES_38 + "::HUGEINT AS h, "
                    + "18446744073709551615::UBIGINT AS ub, [" + NINES_38 + "::UHUGEINT] AS l, "
                    + "NULL::UHUGEINT AS n").batches().getFirst();
            assertEquals(new BigDecimal(NINES_38), batch.column(0).getObject(0));
            assertEquals(new BigDecimal("-" + NINES_38), batch.column(1).getObject(0));
            assertEquals(new BigInteger("18446744073709551615"), batch.column(2).getObject(0));
            assertEquals(List.of(new BigDecimal(NINES_38)), batch.column(3).getObject(0));
            assertEquals(null, batch.column(4).getObject(0));
        }
    }
}
