// SPDX-License-Identifier: Apache-2.0
package dev.quiver.c;

import static java.lang.foreign.ValueLayout.ADDRESS;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.memory.MemoryLimitExceededException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodType;
import java.util.Optional;

/**
 * Fills {@code ArrowArrayStream} structures over a {@link RecordBatchReader}. The callbacks are upcall
 * stubs; a failure of the reader is returned as an errno code ({@code EINVAL} for invalid data,
 * {@code ENOMEM} for memory, {@code EIO} otherwise) with its message kept for {@code get_last_error},
 * and every later {@code get_next} returns the same code. The reader is closed when the consumer
 * releases the stream.
 */
final class StreamExport {
    static final int EIO = 5;
    static final int ENOMEM = 12;
    static final int EINVAL = 22;

    static final ExportRegistry<State> LIVE = new ExportRegistry<>();
    private static final MethodType GET = MethodType.methodType(int.class, MemorySegment.class, MemorySegment.class);
    private static final MemorySegment GET_SCHEMA = CStructs.upcall(StreamExport.class, "getSchema", GET,
            CStructs.GET);
    private static final MemorySegment GET_NEXT = CStructs.upcall(StreamExport.class, "getNext", GET, CStructs.GET);
    private static final MemorySegment GET_LAST_ERROR = CStructs.upcall(StreamExport.class, "getLastError",
            MethodType.methodType(MemorySegment.class, MemorySegment.class), CStructs.GET_LAST_ERROR);
    private static final MemorySegment RELEASE = CStructs.upcall(StreamExport.class, "release",
            MethodType.methodType(void.class, MemorySegment.class), FunctionDescriptor.ofVoid(ADDRESS));

    /** One exported stream: its reader, and its last error (code, and message in native memory). */
    static final class State {
        private final RecordBatchReader reader;
        private final Arena arena = Arena.ofShared();
        private int errorCode;
        private MemorySegment errorMessage = MemorySegment.NULL;

        State(RecordBatchReader reader) {
            this.reader = reader;
        }

        synchronized int fail(Throwable e) {
            errorCode = e instanceof OutOfMemoryError || e instanceof MemoryLimitExceededException ? ENOMEM
                    : e instanceof IllegalArgumentException || e instanceof CDataException
                            || e instanceof dev.quiver.core.validation.ValidationException ? EINVAL : EIO;
            String message = e.getMessage() == null ? e.toString() : e.getMessage();
            errorMessage = CStructs.cString(arena, message);
            return errorCode;
        }

        synchronized void close() {
            try {
                reader.close();
            } finally {
                arena.close();
            }
        }
    }

    private StreamExport() {
    }

    /** Fills {@code out} with a stream over {@code reader}, which it now owns. */
    static void exportReader(RecordBatchReader reader, MemorySegment out) {
        MemorySegment s = CStructs.at(out, CStructs.STREAM);
        s.set(ADDRESS, CStructs.ST_GET_SCHEMA, GET_SCHEMA);
        s.set(ADDRESS, CStructs.ST_GET_NEXT, GET_NEXT);
        s.set(ADDRESS, CStructs.ST_GET_LAST_ERROR, GET_LAST_ERROR);
        s.set(ADDRESS, CStructs.ST_PRIVATE, MemorySegment.ofAddress(LIVE.add(new State(reader))));
        s.set(ADDRESS, CStructs.ST_RELEASE, RELEASE);
    }

    private static State state(MemorySegment stream) {
        return LIVE.get(CStructs.pointer(CStructs.at(stream, CStructs.STREAM), CStructs.ST_PRIVATE));
    }

    static int getSchema(MemorySegment stream, MemorySegment out) {
        State state = state(stream);
        if (state == null || out.address() == 0) {
            return EINVAL;
        }
        synchronized (state) {
            try {
                SchemaExport.exportSchema(state.reader.schema(), out);
                return 0;
            } catch (Throwable e) {
                return state.fail(e);
            }
        }
    }

    static int getNext(MemorySegment stream, MemorySegment out) {
        State state = state(stream);
        if (state == null || out.address() == 0) {
            return EINVAL;
        }
        synchronized (state) {
            if (state.errorCode != 0) {
                return state.errorCode;
            }
            try {
                Optional<RecordBatch> next = state.reader.readNext();
                if (next.isEmpty()) {
                    // The end of the stream: a released array.
                    CStructs.at(out, CStructs.ARRAY).set(ADDRESS, CStructs.A_RELEASE, MemorySegment.NULL);
                } else {
                    ArrayExport.exportBatch(next.get(), out);
                }
                return 0;
            } catch (Throwable e) {
                return state.fail(e);
            }
        }
    }

    static MemorySegment getLastError(MemorySegment stream) {
        State state = state(stream);
        if (state == null) {
            return MemorySegment.NULL;
        }
        synchronized (state) {
            return state.errorMessage;
        }
    }

    static void release(MemorySegment stream) {
        try {
            MemorySegment s = CStructs.at(stream, CStructs.STREAM);
            if (CStructs.pointer(s, CStructs.ST_RELEASE) == 0) {
                return;
            }
            State state = LIVE.remove(CStructs.pointer(s, CStructs.ST_PRIVATE));
            s.set(ADDRESS, CStructs.ST_RELEASE, MemorySegment.NULL);
            if (state != null) {
                state.close();
            }
        } catch (Throwable e) {
            ExportRegistry.reportFromCallback("ArrowArrayStream release", e);
        }
    }
}
