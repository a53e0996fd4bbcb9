// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.compute.ComputeException;
import dev.quiver.core.array.Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExpressionTest {
    private static final Schema SCHEMA = new Schema(List.of(Field.nullable("id", ArrowType.INT64),
            Field.nullable("name", ArrowType.UTF8), Field.nullable("x", ArrowType.FLOAT64),
            Field.nullable("small", ArrowType.INT8),
            Field.nullable("s", ArrowType.Struct.of(Field.nullable("inner", ArrowType.INT32)))));
    private static final RecordBatch BATCH = RecordBatch.ofRows(SCHEMA, List.of(
            Arrays.asList(50L, "a", 1.5, (byte) 100, Map.of("inner", 1)),
            Arrays.asList(150L, "b", null, (byte) 100, Map.of("inner", 2)),
            Arrays.asList(250L, "c", 2.0, (byte) -1, null),
            Arrays.asList(null, "a", 3.0, (byte) 7, Map.of("inner", 4))));

    private static List<Object> eval(String text) {
        Array a = Expression.parse(text).bind(SCHEMA).evaluate(BATCH);
        return java.util.stream.LongStream.range(0, a.length()).mapToObj(a::getObject).toList();
    }

    @Test
    void comparisonsLogicAndSetsFollowKleeneLogic() {
        assertEquals(Arrays.asList(false, true, true, null), eval("id >= 100"));
        assertEquals(Arrays.asList(false, true, false, null), eval("id >= 100 and name in ('a', 'b')"));
        assertEquals(Arrays.asList(false, true, false, false), eval("id >= 100 and name in ('b')"));
        assertEquals(Arrays.asList(true, false, true, true), eval("not (name = 'b') or id is null"));
        assertEquals(Arrays.asList(true, false, true, true), eval("not is_null(x)"));
        assertEquals(Arrays.asList(false, false, false, true), eval("id IS NULL"));
        assertEquals(Arrays.asList(false, true, true, false), eval("name not in ('a')"));
        assertEquals(Arrays.asList(true, true, true, true), eval("true"));
    }

    @Test
    void arithmeticCastsAndNestedFields() {
        assertEquals(Arrays.asList(100L, 300L, 500L, null), eval("id * 2"));
        assertEquals(Arrays.asList(true, null, false, null), eval("id + x < 52"));
        assertEquals(Arrays.asList(2L, 4L, null, 8L), eval("s.inner * 2"));
        assertEquals(Arrays.asList("50", "150", "250", null), eval("cast(id as utf8)"));
        assertEquals(Arrays.asList(-50L, -150L, -250L, null), eval("-id"));
    }

    @Test
    void stringFunctionsMatchALiteralPattern() {
        assertEquals(Arrays.asList(true, false, false, true), eval("starts_with(name, 'a')"));
        assertEquals(Arrays.asList(false, true, false, false), eval("ends_with(name, 'b') and id > 100"));
        assertEquals(Arrays.asList(false, false, true, false), eval("match_substring(name, 'c')"));
        assertEquals(Arrays.asList(true, true, false, true), eval("match_substring_regex(name, '^[ab]$')"));
        assertEquals(Arrays.asList(1, 1, 1, 1), eval("utf8_length(name)"));
        assertEquals(Arrays.asList("A", "B", "C", "A"), eval("utf8_upper(name)"));
        ComputeException e = assertThrows(ComputeException.class, () -> eval("starts_with(name, name)"));
        assertTrue(e.getMessage().contains("must be a string literal"), e.getMessage());
    }

    @Test
    void checkedArithmeticNamesTheOverflowingRow() {
        ComputeException e = assertThrows(ComputeException.class, () -> eval("small + small > 0"));
        assertTrue(e.getMessage().contains("overflow at row 0"), e.getMessage());
    }

    @Test
    void bindingNamesUnknownFieldsAndTypeMismatches() {
        ComputeException unknown = assertThrows(ComputeException.class,
                () -> Expression.parse("idd > 1").bind(SCHEMA));
        assertTrue(unknown.getMessage().contains("no field 'idd'"), unknown.getMessage());
        ComputeException types = assertThrows(ComputeException.class,
                () -> Expression.parse("id > 'a'").bind(SCHEMA));
        assertTrue(types.getMessage().contains("greater"), types.getMessage());
        ComputeException fn = assertThrows(ComputeException.class,
                () -> Expression.parse("frobnicate(id)").bind(SCHEMA));
        assertTrue(fn.getMessage().contains("no function 'frobnicate'"), fn.getMessage());
    }

    @Test
    void parseErrorsNameThePosition() {
        ComputeException e = assertThrows(ComputeException.class, () -> Expression.parse("id >= (1 + "));
        assertTrue(e.getMessage().contains("position 12"), e.getMessage());
        assertThrows(ComputeException.class, () -> Expression.parse("name in ('a'"));
        assertThrows(ComputeException.class, () -> Expression.parse("'unterminated"));
        assertThrows(ComputeException.class, () -> Expression.parse("id > 99999999999999999999"));
    }

    @Test
    void expressionsAreInspectableRecords() {
        Expression e = Expression.parse("id >= 100 and name in ('a', 'b')");
        Call and = (Call) e;
        assertEquals("and_kleene", and.function());
        Call ge = (Call) and.arguments().get(0);
        assertEquals(new FieldRef(List.of("id")), ge.arguments().get(0));
        assertEquals(new Literal(100L, ArrowType.INT64), ge.arguments().get(1));
        Call in = (Call) and.arguments().get(1);
        assertEquals(new FunctionOptions.ValueSet(List.of("a", "b")), in.options());
    }

    @Test
    void filterKeepsTheRowsWhereTheExpressionIsTrue() {
        RecordBatch kept = Expression.parse("x > 1.6 or name = 'b'").bind(SCHEMA).filter(BATCH);
        assertEquals(3, kept.rowCount());
        assertEquals(Arrays.asList(150L, 250L, null),
                java.util.stream.LongStream.range(0, 3).mapToObj(kept.column(0)::getObject).toList());
    }
}
