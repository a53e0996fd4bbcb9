// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.expr;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.StructArray;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.ArrowType;
import java.util.List;

/** A bound expression's evaluation tree: columns, constants (length one) and kernel applications. */
sealed interface Node {
    ArrowType type();

    Array evaluate(RecordBatch batch);

    /** A column, then struct fields inside it. */
    record Column(int index, int[] nested, ArrowType type) implements Node {
        @Override
        public Array evaluate(RecordBatch batch) {
            Array a = batch.column(index);
            for (int k : nested) {
                a = ((StructArray) a).field(k);
            }
            return a;
        }
    }

    /** One value, broadcast by the kernels. */
    record Constant(Array value) implements Node {
        @Override
        public ArrowType type() {
            return value.type();
        }

        @Override
        public Array evaluate(RecordBatch batch) {
            return value;
        }
    }

    /** A kernel applied to evaluated arguments. */
    record Apply(String function, Kernel kernel, List<Node> arguments, ArrowType type) implements Node {
        @Override
        public Array evaluate(RecordBatch batch) {
            Array[] args = new Array[arguments.size()];
            for (int k = 0; k < args.length; k++) {
                args[k] = arguments.get(k).evaluate(batch);
            }
            return kernel.apply(args);
        }
    }
}
