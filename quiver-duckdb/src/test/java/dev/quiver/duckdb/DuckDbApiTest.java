// SPDX-License-Identifier: Apache-2.0
package dev.quiver.duckdb;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import org.junit.jupiter.api.Test;

class DuckDbApiTest {
    @Test
    void aFunctionTheLibraryLacksThrowsAtEachCallNotAtBinding() {
        MethodHandle missing = DuckDbApi.bind("duckdb_no_such_function",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        assertEquals(FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS).toMethodType(), missing.type());
        DuckDbException first = assertThrows(DuckDbException.class,
                () -> { int ignored = (int) missing.invokeExact(MemorySegment.NULL, MemorySegment.NULL); });
        DuckDbException second = assertThrows(DuckDbException.class,
                () -> { int ignored = (int) missing.invokeExact(MemorySegment.NULL, MemorySegment.NULL); });
        assertTrue(first.getMessage().contains("does not export duckdb_no_such_function"), first.getMessage());
        assertNotSame(first, second);
    }

    @Test
    void aVoidFunctionTheLibraryLacksThrowsToo() {
        MethodHandle missing = DuckDbApi.bind("duckdb_no_such_void_function", FunctionDescriptor.ofVoid(ADDRESS));
        assertThrows(DuckDbException.class, () -> {
            missing.invokeExact(MemorySegment.NULL);
        });
    }

    @Test
    void accessorsGiveTheSameHandleEachTime() {
        DuckDbApi api = DuckDbApi.get();
        assertTrue(api.libraryVersion() == api.libraryVersion());
        assertEquals(FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS).toMethodType(), api.connect().type());
    }
}
