// SPDX-License-Identifier: Apache-2.0
package dev.quiver.c;

import dev.quiver.core.array.Array;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.validation.ValidationLevel;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.util.Objects;

/**
 * The C Data interface: export of fields, schemas, arrays and record batches to {@code ArrowSchema} and
 * {@code ArrowArray} structures, and their import.
 *
 * <p>Export fills a structure the consumer allocated. Buffers are handed out without copying (only memory
 * on the Java heap, which has no fixed address, is copied) and kept alive until the consumer calls the
 * release callback, whatever allocator they came from. Every structure of the tree has its own release,
 * so a consumer may move children out.
 *
 * <p>Import reads a producer's structure as untrusted input: pointers, counts, lengths, buffer and child
 * counts and format strings are checked, and the data is validated (structurally always, fully on
 * request); anything wrong is a {@link CDataException}. Imported arrays use the producer's buffers in
 * place; see {@link Imported} for when the producer's release is called.
 */
public final class CData {
    /** The layout of {@code struct ArrowSchema}, to allocate one. */
    public static final StructLayout ARROW_SCHEMA = CStructs.SCHEMA;
    /** The layout of {@code struct ArrowArray}, to allocate one. */
    public static final StructLayout ARROW_ARRAY = CStructs.ARRAY;

    private CData() {
    }

    /** The structure to fill at a consumer's address. */
    static MemorySegment target(MemorySegment out, String what) {
        Objects.requireNonNull(out, "out");
        if (out.address() == 0) {
            throw new CDataException(what + ": the address to export to is null");
        }
        return out;
    }

    /**
     * Exports a field (name, type with its children and dictionary, nullability, metadata; an extension
     * type as its storage type with {@code ARROW:extension:name} and {@code ARROW:extension:metadata}).
     *
     * @param field the field
     * @param out the address of an {@code ArrowSchema} to fill
     * @throws CDataException if {@code out} is the null address
     */
    public static void exportField(Field field, MemorySegment out) {
        SchemaExport.exportField(Objects.requireNonNull(field, "field"), target(out, "ArrowSchema"));
    }

    /**
     * Exports a schema as a struct ({@code +s}) whose children are its fields, with its metadata.
     *
     * @param schema the schema
     * @param out the address of an {@code ArrowSchema} to fill
     * @throws CDataException if {@code out} is the null address
     */
    public static void exportSchema(Schema schema, MemorySegment out) {
        SchemaExport.exportSchema(Objects.requireNonNull(schema, "schema"), target(out, "ArrowSchema"));
    }

    /**
     * Exports an array (its offset, buffers, children and dictionary) without copying its native buffers.
     *
     * @param array the array
     * @param out the address of an {@code ArrowArray} to fill
     * @throws CDataException if {@code out} is the null address, or a dictionary-encoded array has no
     *     dictionary
     * @throws IllegalStateException if the array's memory is already released
     */
    public static void exportArray(Array array, MemorySegment out) {
        ArrayExport.exportArray(Objects.requireNonNull(array, "array").data(), target(out, "ArrowArray"));
    }

    /**
     * Exports a record batch as a struct array without nulls whose children are the columns.
     *
     * @param batch the batch
     * @param out the address of an {@code ArrowArray} to fill
     * @throws CDataException if {@code out} is the null address
     * @throws IllegalStateException if the batch's memory is already released
     */
    public static void exportBatch(RecordBatch batch, MemorySegment out) {
        ArrayExport.exportBatch(Objects.requireNonNull(batch, "batch"), target(out, "ArrowArray"));
    }

    /**
     * Imports a field and releases the structure (also when it is refused).
     *
     * @param schema the address of the producer's {@code ArrowSchema}
     * @return the field
     * @throws CDataException if the structure is null, released or malformed
     */
    public static Field importField(MemorySegment schema) {
        return SchemaImport.importField(schema);
    }

    /**
     * Imports a schema (a struct whose children are the fields) and releases the structure.
     *
     * @param schema the address of the producer's {@code ArrowSchema}
     * @return the schema
     * @throws CDataException if the structure is null, released, malformed or not a struct
     */
    public static Schema importSchema(MemorySegment schema) {
        return SchemaImport.importSchema(schema);
    }

    /**
     * Imports an array of a field's type with structural validation; the structure is moved (the original
     * is marked released).
     *
     * @param array the address of the producer's {@code ArrowArray}
     * @param field the field the array belongs to (from {@link #importField})
     * @return the array, and the handle that releases it
     * @throws CDataException if the structure is null, released, malformed or invalid (it is then released)
     */
    public static Imported<Array> importArray(MemorySegment array, Field field) {
        return importArray(array, field, ValidationLevel.STRUCTURE);
    }

    /**
     * Imports an array of a field's type; the structure is moved (the original is marked released).
     *
     * @param array the address of the producer's {@code ArrowArray}
     * @param field the field the array belongs to (from {@link #importField})
     * @param validation how much to check beyond the structure, which is always checked (imported memory
     *     is sized from it, so {@code NONE} checks the structure too)
     * @return the array, and the handle that releases it
     * @throws CDataException if the structure is null, released, malformed or invalid (it is then released)
     */
    public static Imported<Array> importArray(MemorySegment array, Field field, ValidationLevel validation) {
        return ArrayImport.importArray(array, Objects.requireNonNull(field, "field"),
                Objects.requireNonNull(validation, "validation"));
    }

    /**
     * Imports a record batch of a schema with structural validation; the structure is moved.
     *
     * @param array the address of the producer's {@code ArrowArray} (a struct array)
     * @param schema the schema of the batch (from {@link #importSchema})
     * @return the batch, and the handle that releases it
     * @throws CDataException if the structure is null, released, malformed or invalid (it is then released)
     */
    public static Imported<RecordBatch> importBatch(MemorySegment array, Schema schema) {
        return importBatch(array, schema, ValidationLevel.STRUCTURE);
    }

    /**
     * Imports a record batch of a schema; the structure is moved (the original is marked released).
     *
     * @param array the address of the producer's {@code ArrowArray} (a struct array)
     * @param schema the schema of the batch (from {@link #importSchema})
     * @param validation how much to check beyond the structure, which is always checked (imported memory
     *     is sized from it, so {@code NONE} checks the structure too)
     * @return the batch, and the handle that releases it
     * @throws CDataException if the structure is null, released, malformed or invalid (it is then released)
     */
    public static Imported<RecordBatch> importBatch(MemorySegment array, Schema schema,
            ValidationLevel validation) {
        return ArrayImport.importBatch(array, Objects.requireNonNull(schema, "schema"),
                Objects.requireNonNull(validation, "validation"));
    }
}
