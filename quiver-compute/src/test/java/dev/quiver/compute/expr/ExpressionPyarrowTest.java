// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.expr;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.quiver.compute.PyarrowOracle;
import dev.quiver.compute.RandomArrays;
import dev.quiver.core.array.Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.testkit.PythonPeer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Parsed expressions evaluate as the same pyarrow.compute expressions do (pyarrow's Expression over a table). */
class ExpressionPyarrowTest {
    @Test
    void parsedExpressionsMatchPyarrowExpressions(@TempDir Path dir) throws Exception {
        Optional<PythonPeer> python = PythonPeer.find();
        assumeTrue(python.isPresent(), PythonPeer.SKIP_MESSAGE);
        Random random = new Random(35);
        int n = 500;
        PyarrowOracle oracle = new PyarrowOracle();
        List<Field> fields = new ArrayList<>();
        List<Array> columns = new ArrayList<>();
        String[] names = {"id", "small", "x", "name", "flag", "d"};
        ArrowType[] types = {ArrowType.INT64, ArrowType.INT32, ArrowType.FLOAT64, ArrowType.UTF8, ArrowType.BOOL,
            new ArrowType.Decimal(10, 2, 128)};
        for (int k = 0; k < names.length; k++) {
            columns.add(oracle.input(names[k], RandomArrays.of(types[k], random, n, 0.15)));
            fields.add(Field.nullable(names[k], types[k]));
        }
        Schema schema = new Schema(fields);
        RecordBatch batch = new RecordBatch(schema, columns);
        String[][] cases = {
            {"small >= 0 and name in ('a', 'ab')",
                "(pc.field('small') >= 0) & pc.field('name').isin(['a', 'ab'])"},
            {"not is_null(x) or flag", "(~pc.field('x').is_null()) | pc.field('flag')"},
            {"x * 2 < small", "pc.Expression._call('multiply_checked', [pc.field('x'), pc.scalar(2)]) < pc.field('small')"},
            {"small + 1 > id", "pc.Expression._call('add_checked', [pc.field('small'), pc.scalar(1)]) > pc.field('id')"},
            {"name != 'zeta' and not flag", "(pc.field('name') != 'zeta') & ~pc.field('flag')"},
            {"d > 100.5", "pc.field('d') > pc.scalar(100.5)"},
            {"cast(small as float64) / 2", "pc.Expression._call('divide_checked', [pc.field('small').cast(pa.float64()), pc.scalar(2)])"},
            {"id is not null and x is null", "pc.field('id').is_valid() & pc.field('x').is_null()"},
            {"if_else(flag, small, -small)",
                "pc.Expression._call('if_else', [pc.field('flag'), pc.field('small'),"
                    + " pc.Expression._call('negate_checked', [pc.field('small')])])"},
        };
        for (String[] c : cases) {
            BoundExpression bound = Expression.parse(c[0]).bind(schema);
            oracle.check(c[0], "pa.dataset.dataset(t).to_table(columns={'r': " + c[1] + "})['r']",
                    () -> bound.evaluate(batch));
        }
        oracle.verify(python.get(), dir);
    }
}
