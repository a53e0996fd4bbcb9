// SPDX-License-Identifier: Apache-2.0
package dev.quiver.c;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.BufferSpec;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.Types;
import dev.quiver.core.validation.ValidationLevel;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.ref.Cleaner;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads {@code ArrowArray} structures into Quiver arrays over the producer's buffers, without copying.
 * The sizes of the buffers are not in the structure: they follow from the type, offset and length (and,
 * for variable-size data, the last offset or the view sizes), as the spec's rule that every buffer holds
 * {@code offset + length} values says. Every buffer is a segment of exactly that size, checked by
 * {@link MappedMemory} to lie in readable memory before anything of it is read, so nothing past the size
 * the producer's counts imply is read; the segments belong to one arena, closed by
 * {@link Imported#close()}, and a {@link Cleaner} calls the producer's release when they are all
 * unreachable.
 */
final class ArrayImport {
    private static final Cleaner CLEANER = Cleaner.create();

    private ArrayImport() {
    }

    /** Imports an array of {@code field}'s type. */
    static Imported<Array> importArray(MemorySegment address, Field field, ValidationLevel validation) {
        return run(address, (s, arena) -> {
            ArrayData data = read(s, field.type(), "array", arena);
            Array array = Array.of(data);
            if (validation == ValidationLevel.FULL) {
                array.validateFull();
            }
            return array;
        });
    }

    /** Imports a record batch: a struct array without nulls whose children are the columns. */
    static Imported<RecordBatch> importBatch(MemorySegment address, Schema schema, ValidationLevel validation) {
        return run(address, (s, arena) -> {
            ArrayData struct = read(s, new ArrowType.Struct(schema.fields()), "record batch", arena);
            if (struct.nullCount() != 0) {
                throw new CDataException("record batch: the struct array of a record batch has "
                        + struct.nullCount() + " nulls");
            }
            struct.validate(ValidationLevel.STRUCTURE);
            List<Array> columns = new ArrayList<>(struct.children().size());
            for (ArrayData child : struct.children()) {
                Array column = Array.ofUnchecked(child);
                if (struct.offset() != 0 || column.length() != struct.length()) {
                    column = column.slice(struct.offset(), struct.length());
                }
                if (validation == ValidationLevel.FULL) {
                    column.validateFull();
                }
                columns.add(column);
            }
            return new RecordBatch(schema, columns, struct.length());
        });
    }

    private interface Reading<T> {
        T read(MemorySegment struct, Arena arena);
    }

    private static <T> Imported<T> run(MemorySegment address, Reading<T> reading) {
        if (address == null || address.address() == 0) {
            throw new CDataException("ArrowArray: the address is null");
        }
        MemorySegment source = CStructs.at(address, CStructs.ARRAY);
        if (CStructs.pointer(source, CStructs.A_RELEASE) == 0) {
            throw new CDataException("ArrowArray: the structure is released (its release callback is null)");
        }
        ProducerRelease release = new ProducerRelease(source, CStructs.ARRAY, CStructs.A_RELEASE);
        Arena arena = Arena.ofShared();
        T value;
        try {
            value = reading.read(release.struct(), arena);
        } catch (CDataException e) {
            arena.close();
            release.run();
            throw e;
        } catch (RuntimeException e) {
            arena.close();
            release.run();
            throw new CDataException("imported array is invalid: " + e.getMessage(), e);
        }
        CLEANER.register(arena.scope(), release);
        return new Imported<>(value, arena, release);
    }

    private static ArrayData read(MemorySegment s, ArrowType type, String where, Arena arena) {
        long length = CStructs.count(s.get(JAVA_LONG, CStructs.A_LENGTH), Long.MAX_VALUE, "length", where);
        long offset = CStructs.count(s.get(JAVA_LONG, CStructs.A_OFFSET), Long.MAX_VALUE, "offset", where);
        long nullCount = s.get(JAVA_LONG, CStructs.A_NULL_COUNT);
        if (nullCount < -1 || nullCount > length) {
            throw new CDataException(where + ": null_count " + nullCount + " is outside [-1, length " + length
                    + "]");
        }
        long end;
        try {
            end = Math.addExact(offset, length);
        } catch (ArithmeticException e) {
            throw new CDataException(where + ": offset " + offset + " + length " + length + " overflows", e);
        }
        ArrowType storage = Types.storage(type);
        ArrowType physical = storage instanceof ArrowType.Dictionary d ? d.indexType() : storage;
        boolean views = physical instanceof ArrowType.BinaryView || physical instanceof ArrowType.Utf8View;
        List<BufferSpec> specs = physical.layout().buffers();
        long nBuffers = CStructs.count(s.get(JAVA_LONG, CStructs.A_N_BUFFERS), SchemaImport.MAX_COUNT,
                "n_buffers", where);
        long fixed = specs.size() + (views ? 1 : 0);
        if (views ? nBuffers < fixed : nBuffers != fixed) {
            throw new CDataException(where + ": has " + nBuffers + " buffers, an array of " + type + " needs "
                    + (views ? "at least " : "") + fixed);
        }
        List<Field> childFields = physical.children();
        long nChildren = CStructs.count(s.get(JAVA_LONG, CStructs.A_N_CHILDREN), SchemaImport.MAX_COUNT,
                "n_children", where);
        if (nChildren != childFields.size()) {
            throw new CDataException(where + ": has " + nChildren + " children, an array of " + type + " needs "
                    + childFields.size());
        }
        MemorySegment pointers = nBuffers == 0 ? MemorySegment.NULL
                : SchemaImport.pointers(CStructs.pointer(s, CStructs.A_BUFFERS), nBuffers, "buffers", where);
        BufferSizes sizes = new BufferSizes(physical, end, nullCount, where);
        List<ArrowBuffer> buffers = new ArrayList<>((int) nBuffers);
        for (int i = 0; i < specs.size(); i++) {
            long at = pointers.getAtIndex(ADDRESS, i).address();
            buffers.add(sizes.buffer(i, specs.get(i), at, buffers, arena));
        }
        if (views) {
            int variadic = (int) (nBuffers - fixed);
            long sizesAt = pointers.getAtIndex(ADDRESS, (int) nBuffers - 1).address();
            MemorySegment variadicSizes = variadic == 0 ? MemorySegment.NULL
                    : sizes.wrap(sizesAt, (long) variadic * Long.BYTES, "the variadic buffer sizes", arena);
            for (int i = 0; i < variadic; i++) {
                long size = variadicSizes.getAtIndex(JAVA_LONG, i);
                if (size < 0) {
                    throw new CDataException(where + ": variadic buffer " + i + " has a negative size " + size);
                }
                long at = pointers.getAtIndex(ADDRESS, specs.size() + i).address();
                buffers.add(ArrowBuffer.wrap(sizes.wrap(at, size, "variadic buffer " + i, arena)));
            }
        }
        List<ArrayData> children = new ArrayList<>((int) nChildren);
        if (nChildren > 0) {
            MemorySegment childPointers = SchemaImport.pointers(CStructs.pointer(s, CStructs.A_CHILDREN),
                    nChildren, "children", where);
            for (int i = 0; i < nChildren; i++) {
                long child = childPointers.getAtIndex(ADDRESS, i).address();
                if (child == 0) {
                    throw new CDataException(where + ": child " + i + " is a null pointer");
                }
                Field f = childFields.get(i);
                String path = where + ".children[" + i + "]" + (f.name().isEmpty() ? "" : " '" + f.name() + "'");
                children.add(read(struct(child, path), f.type(), path, arena));
            }
        }
        long dictionaryAt = CStructs.pointer(s, CStructs.A_DICTIONARY);
        ArrayData dictionary = null;
        if (storage instanceof ArrowType.Dictionary d) {
            if (dictionaryAt == 0) {
                throw new CDataException(where + ": a dictionary-encoded array's dictionary is a null pointer");
            }
            dictionary = read(struct(dictionaryAt, where + ".dictionary"), d.valueType(),
                    where + ".dictionary", arena);
        } else if (dictionaryAt != 0) {
            throw new CDataException(where + ": an array of " + type + " has a dictionary");
        }
        long knownNulls = physical.layout().hasValidity() && nullCount >= 0 ? nullCount
                : ArrayData.UNKNOWN_NULL_COUNT;
        if (physical.layout().hasValidity() && buffers.get(0) == null) {
            knownNulls = 0;
        }
        return new ArrayData(type, length, offset, knownNulls, buffers, children, dictionary);
    }

    /** The {@code ArrowArray} a child or dictionary pointer points at, checked to be readable. */
    private static MemorySegment struct(long address, String where) {
        MappedMemory.check(address, CStructs.ARRAY.byteSize(), "the ArrowArray structure", where);
        return CStructs.at(address, CStructs.ARRAY);
    }
}
