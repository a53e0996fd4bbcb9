// SPDX-License-Identifier: Apache-2.0
package dev.quiver.dataset;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.array.StructArray;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.Bitmaps;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A scan's output columns: top-level columns by name, or fields inside struct columns by dotted path
 * ({@code a.b.c}, as Parquet names nested columns and pyarrow.dataset projects a nested field reference).
 * A name that is a top-level column is that column even if it holds a dot. A nested field is null where
 * it or any struct above it is null, and is named by its path.
 */
final class Projection {
    private final List<List<String>> paths;
    private final Schema output;

    private Projection(List<List<String>> paths, Schema output) {
        this.paths = paths;
        this.output = output;
    }

    /**
     * Resolves names against a dataset's schema.
     *
     * @param schema the dataset's schema
     * @param names top-level column names or dotted paths of nested struct fields
     * @return the projection
     * @throws DatasetException if a name is neither a column nor a path of struct fields
     */
    static Projection of(Schema schema, List<String> names) {
        List<List<String>> paths = new ArrayList<>();
        List<Field> fields = new ArrayList<>();
        for (String name : names) {
            int top = schema.indexOf(name);
            if (top >= 0) {
                paths.add(List.of(name));
                fields.add(schema.field(top));
                continue;
            }
            List<String> path = List.of(name.split("\\.", -1));
            Field field = path.size() > 1 ? resolve(schema, path) : null;
            if (field == null) {
                throw new DatasetException("the dataset has no column " + name + " (columns: " + schema.names()
                        + "; a field inside a struct column as column.field)");
            }
            paths.add(path);
            fields.add(field.withName(name));
        }
        return new Projection(List.copyOf(paths), new Schema(fields, schema.metadata(), schema.endianness()));
    }

    /** The field at a path of struct fields, nullable if any struct on the way is; null if there is none. */
    private static Field resolve(Schema schema, List<String> path) {
        int top = schema.indexOf(path.getFirst());
        if (top < 0) {
            return null;
        }
        Field field = schema.field(top);
        boolean nullable = field.nullable();
        for (String name : path.subList(1, path.size())) {
            if (!(field.type() instanceof ArrowType.Struct struct)) {
                return null;
            }
            Field child = null;
            for (Field f : struct.fields()) {
                if (f.name().equals(name)) {
                    child = f;
                }
            }
            if (child == null) {
                return null;
            }
            field = child;
            nullable |= child.nullable();
        }
        return field.withNullable(nullable);
    }

    /** The output schema. */
    Schema output() {
        return output;
    }

    /** The top-level columns the output needs, in the order they are first named. */
    Set<String> roots() {
        Set<String> roots = new LinkedHashSet<>();
        paths.forEach(p -> roots.add(p.getFirst()));
        return roots;
    }

    /**
     * Whether the output is exactly the batches read: the same top-level columns in the same order.
     *
     * @param read the schema of the batches read
     * @return true if the batches need no projection
     */
    boolean isIdentity(Schema read) {
        return output.fields().equals(read.fields());
    }

    /**
     * The output of one batch read.
     *
     * @param batch a batch of the read schema
     * @param allocator where combined validity bitmaps live
     * @return the output columns
     */
    RecordBatch apply(RecordBatch batch, BufferAllocator allocator) {
        List<Array> columns = new ArrayList<>(paths.size());
        Schema read = batch.schema();
        for (List<String> path : paths) {
            Array column = batch.column(read.indexOf(path.getFirst()));
            for (String name : path.subList(1, path.size())) {
                column = child((StructArray) column, name, allocator);
            }
            columns.add(column);
        }
        return new RecordBatch(output, columns, batch.rowCount());
    }

    /** A struct's field, null where the struct is (Arrow's flattened field). */
    private static Array child(StructArray struct, String name, BufferAllocator allocator) {
        Array child = struct.field(lastIndex(struct, name));
        ArrowType type = child.type() instanceof ArrowType.Dictionary d ? d.indexType() : child.type();
        if (struct.nullCount() == 0 || type instanceof ArrowType.Null || type instanceof ArrowType.Union
                || type instanceof ArrowType.RunEndEncoded) {
            // Types without a validity bitmap keep their own nulls.
            return child;
        }
        long n = struct.length();
        long at = child.offset();
        ArrowBuffer validity = allocator.allocate(Math.max(1, Bitmaps.bytesFor(at + n)));
        MemorySegment bits = validity.segment();
        Bitmaps.copy(struct.data().validity().segment(), struct.offset(), bits, at, n);
        ArrowBuffer own = child.data().validity();
        if (own != null) {
            MemorySegment mine = own.segment();
            for (long b = at / 8, end = Bitmaps.bytesFor(at + n); b < end; b++) {
                bits.set(ValueLayout.JAVA_BYTE, b,
                        (byte) (bits.get(ValueLayout.JAVA_BYTE, b) & mine.get(ValueLayout.JAVA_BYTE, b)));
            }
        }
        ArrayData data = child.data();
        List<ArrowBuffer> buffers = new ArrayList<>(data.buffers());
        buffers.set(0, validity);
        return Array.ofUnchecked(new ArrayData(data.type(), n, at, ArrayData.UNKNOWN_NULL_COUNT, buffers,
                data.children(), data.dictionary()));
    }

    private static int lastIndex(StructArray struct, String name) {
        List<Field> fields = struct.fields();
        for (int k = fields.size() - 1; k >= 0; k--) {
            if (fields.get(k).name().equals(name)) {
                return k;
            }
        }
        throw new IllegalStateException("no field " + name + " in " + struct.type());
    }
}
