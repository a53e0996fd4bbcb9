// SPDX-License-Identifier: Apache-2.0
package dev.quiver.duckdb;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import dev.quiver.c.CData;
import dev.quiver.core.batch.RecordBatch;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout.PathElement;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * One DuckDB thread's part of a scan: the batch it took, handed out to the scan's output 2,048 rows at a
 * time. The columns with a {@link VectorCopy} are written straight from the batch's buffers into the
 * output's vectors; the others are converted once per batch into a DuckDB data chunk of the batch's length
 * ({@code duckdb_data_chunk_from_arrow}, which references fixed-width Arrow buffers in place) and copied
 * from there ({@code duckdb_vector_copy_sel}). Either way the output owns copies of the values.
 *
 * <p>A converted batch's export is DuckDB's only while the chunk lives: DuckDB's conversion takes the
 * {@code ArrowArray} over and may call its release while it still converts other columns (the first
 * column's state owns it), so DuckDB gets a release that does nothing, and the export's own release is
 * called here once the chunk is destroyed. The output owns copies, so nothing DuckDB keeps refers to the
 * batch after that.
 */
final class ScanChunk implements AutoCloseable {
    /** DuckDB's vector size: the most rows one call of a table function may give. */
    static final long VECTOR_SIZE = 2048;
    private static final long RELEASE_AT = CData.ARROW_ARRAY.byteOffset(PathElement.groupElement("release"));
    private static final MethodHandle CALL_RELEASE = Linker.nativeLinker().downcallHandle(
            FunctionDescriptor.ofVoid(ADDRESS));
    private static final MemorySegment NO_RELEASE = noRelease();

    private final DuckDbApi api;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment array = arena.allocate(CData.ARROW_ARRAY);
    private final MemorySegment chunk = arena.allocate(ADDRESS);
    private final MemorySegment selection = arena.allocate(ADDRESS);
    private MemorySegment release = MemorySegment.NULL;
    private RecordBatch batch;
    /** Per column of the scan: the entries of its dictionary, for dictionary-encoded strings. */
    private DictionaryEntries[] dictionaries;
    private final CopyScratch scratch = new CopyScratch();
    private long selectionSize;
    private long rows;
    private long position;

    ScanChunk(DuckDbApi api) {
        this.api = api;
    }

    private static MemorySegment noRelease() {
        try {
            return Linker.nativeLinker().upcallStub(MethodHandles.lookup().findStatic(ScanChunk.class,
                    "releaseNothing", MethodType.methodType(void.class, MemorySegment.class)),
                    FunctionDescriptor.ofVoid(ADDRESS), Arena.global());
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The release DuckDB gets: marks the structure released, frees nothing. */
    private static void releaseNothing(MemorySegment array) {
        array.reinterpret(CData.ARROW_ARRAY.byteSize()).set(ADDRESS, RELEASE_AT, MemorySegment.NULL);
    }

    /**
     * Takes the scan's next (projected) batch, replacing the one before: converts its columns without a
     * direct copy, and makes the entries of its dictionaries.
     *
     * @throws DuckDbException with DuckDB's message if it cannot convert the batch
     */
    void load(RecordBatch batch, TableScan scan) throws Throwable {
        clear();
        if (dictionaries == null) {
            dictionaries = new DictionaryEntries[scan.columns];
        }
        for (int c = 0; c < scan.columns; c++) {
            VectorCopy copy = scan.direct[c];
            if (copy != null && copy.kind == VectorCopy.Kind.DICTIONARY_STRING) {
                if (dictionaries[c] == null) {
                    dictionaries[c] = new DictionaryEntries();
                }
                dictionaries[c].use(batch.column(c).data().dictionary());
            }
        }
        this.batch = batch;
        rows = batch.rowCount();
        position = 0;
    }

    /**
     * Converts a batch into a DuckDB chunk with DuckDB's Arrow conversion, replacing the one before: at most
     * 2,048 rows (DuckDB 1.5.6 corrupts memory converting a longer dictionary column with nulls).
     *
     * @throws DuckDbException with DuckDB's message if it cannot convert the batch
     */
    void convert(RecordBatch batch, ConvertedSchema converted, MemorySegment connection, String table)
            throws Throwable {
        dropConverted();
        CData.exportBatch(batch, array);
        release = array.get(ADDRESS, RELEASE_AT);
        array.set(ADDRESS, RELEASE_AT, NO_RELEASE);
        try (Arena local = Arena.ofConfined()) {
            String error = api.errorMessage((MemorySegment) api.dataChunkFromArrow().invokeExact(connection, array,
                    converted.handle(), chunk), local);
            if (error != null) {
                throw new DuckDbException("DuckDB cannot convert a batch of table " + table + ": " + error);
            }
        }
        ensureSelection(batch.rowCount());
    }

    /**
     * DuckDB's types of the loaded chunk's columns ({@code duckdb_vector_get_column_type}; the caller
     * destroys them).
     */
    MemorySegment[] types(int columns) throws Throwable {
        MemorySegment[] out = new MemorySegment[columns];
        for (int i = 0; i < columns; i++) {
            MemorySegment vector = (MemorySegment) api.dataChunkGetVector().invokeExact(chunk.get(ADDRESS, 0),
                    (long) i);
            out[i] = (MemorySegment) api.vectorGetColumnType().invokeExact(vector);
        }
        return out;
    }

    /** An identity selection of at least {@code n} rows (the chunk's rows by their own positions). */
    private void ensureSelection(long n) throws Throwable {
        if (selectionSize >= n) {
            return;
        }
        destroySelection();
        long size = Math.max(n, VECTOR_SIZE);
        selection.set(ADDRESS, 0, (MemorySegment) api.createSelectionVector().invokeExact(size));
        MemorySegment data = ((MemorySegment) api.selectionVectorData().invokeExact(selection.get(ADDRESS, 0)))
                .reinterpret(size * Integer.BYTES);
        for (int i = 0; i < size; i++) {
            data.setAtIndex(JAVA_INT, i, i);
        }
        selectionSize = size;
    }

    /**
     * Writes the next rows (up to 2,048) of the batch into DuckDB's output chunk.
     *
     * @return the rows written; 0 when the batch is used up (or none was loaded)
     */
    long emit(MemorySegment output, TableScan scan) throws Throwable {
        int n = (int) Math.min(VECTOR_SIZE, rows - position);
        if (n <= 0) {
            return 0;
        }
        for (int c = 0; c < scan.columns; c++) {
            VectorCopy copy = scan.direct[c];
            if (copy != null) {
                MemorySegment to = (MemorySegment) api.dataChunkGetVector().invokeExact(output, (long) c);
                copy.copy(api, batch.column(c).data(), position, n, to, dictionaries[c], scratch);
            }
        }
        if (scan.converted != null) {
            convert(batch.select(scan.convertedColumns).slice(position, n), scan.converted, scan.table.connection,
                    scan.table.name);
            MemorySegment source = chunk.get(ADDRESS, 0);
            MemorySegment sel = selection.get(ADDRESS, 0);
            for (int k = 0; k < scan.convertedColumns.length; k++) {
                MemorySegment from = (MemorySegment) api.dataChunkGetVector().invokeExact(source, (long) k);
                MemorySegment to = (MemorySegment) api.dataChunkGetVector().invokeExact(output,
                        (long) scan.convertedColumns[k]);
                api.vectorCopySel().invokeExact(from, to, sel, (long) n, 0L, 0L);
            }
            dropConverted();
        }
        position += n;
        return n;
    }

    /** Destroys the chunk and releases the batch's export. */
    void clear() throws Throwable {
        rows = 0;
        position = 0;
        batch = null;
        dropConverted();
    }

    /** Destroys the converted chunk and releases the export it was converted from. */
    private void dropConverted() throws Throwable {
        if (chunk.get(ADDRESS, 0).address() != 0) {
            api.destroyDataChunk().invokeExact(chunk);
            chunk.set(ADDRESS, 0, MemorySegment.NULL);
        }
        if (release.address() != 0) {
            array.set(ADDRESS, RELEASE_AT, release);
            release = MemorySegment.NULL;
            CALL_RELEASE.invokeExact(array.get(ADDRESS, RELEASE_AT), array);
        }
    }

    private void destroySelection() throws Throwable {
        if (selection.get(ADDRESS, 0).address() != 0) {
            api.destroySelectionVector().invokeExact(selection.get(ADDRESS, 0));
            selection.set(ADDRESS, 0, MemorySegment.NULL);
        }
    }

    @Override
    public void close() {
        try {
            clear();
            destroySelection();
            if (dictionaries != null) {
                for (DictionaryEntries dictionary : dictionaries) {
                    if (dictionary != null) {
                        dictionary.close();
                    }
                }
            }
        } catch (Throwable e) {
            throw new DuckDbException("releasing a scan's chunk failed: " + e, e);
        } finally {
            arena.close();
        }
    }
}
