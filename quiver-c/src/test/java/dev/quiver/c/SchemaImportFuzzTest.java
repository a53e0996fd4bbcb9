// SPDX-License-Identifier: Apache-2.0
package dev.quiver.c;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * Fuzzes the import of an {@code ArrowSchema}: a valid exported schema whose one child gets the fuzz
 * input as its format string (zero bytes dropped) and its first byte as flags. Pointers stay valid, as the
 * C Data interface requires of a producer; what the importer must survive is any content behind them:
 * every input ends in a schema or a {@link CDataException}, and the struct is released either way.
 * Fuzzing on demand: docs/fuzzing.md.
 */
class SchemaImportFuzzTest {
    private static final Schema SCHEMA = Schema.of(Field.nullable("a", ArrowType.INT32));

    @FuzzTest(maxDuration = "5m")
    void importSchema(byte[] input) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment c = arena.allocate(CData.ARROW_SCHEMA);
            CData.exportSchema(SCHEMA, c);
            MemorySegment child = CStructs.at(MemorySegment.ofAddress(CStructs.pointer(c, CStructs.S_CHILDREN))
                    .reinterpret(8).getAtIndex(ADDRESS, 0), CStructs.SCHEMA);
            byte[] format = new byte[input.length];
            int n = 0;
            for (byte b : input) {
                if (b != 0) {
                    format[n++] = b;
                }
            }
            MemorySegment text = arena.allocate(n + 1L);
            text.copyFrom(MemorySegment.ofArray(Arrays.copyOf(format, n)));
            child.set(ADDRESS, CStructs.S_FORMAT, text);
            child.set(JAVA_LONG, CStructs.S_FLAGS, input.length == 0 ? 0 : input[0] & 0x7);
            try {
                CData.importSchema(c).toString();
            } catch (CDataException refused) {
                if (refused.getMessage() == null || refused.getMessage().isBlank()) {
                    throw new AssertionError("a refusal that does not say what is wrong", refused);
                }
            }
            if (CStructs.pointer(c, CStructs.S_RELEASE) != 0) {
                throw new AssertionError("the imported struct was not released");
            }
        }
    }
}
