// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.core.array.Array;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.type.ArrowType;
import java.lang.foreign.MemorySegment;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BitmapsTest {

    @Test
    void specExampleValidityBitmapIsLsbFirst() {
        // Columnar.rst "Validity bitmaps": values [0, 1, null, 2, null, 3] -> bitmap byte 00101011.
        ArrayBuilder builder = ArrayBuilder.of(ArrowType.INT32);
        for (Integer v : new Integer[] {0, 1, null, 2, null, 3}) {
            builder.appendObject(v);
        }
        Array array = builder.build();
        ArrowBuffer validity = array.data().validity();
        assertEquals((byte) 0b00101011, validity.getByte(0));
        assertEquals(2, array.nullCount());
        assertEquals(0, validity.segment().address() % 64, "64-byte aligned");
    }

    @Test
    void getSetAtAnyBit() {
        MemorySegment bits = MemorySegment.ofArray(new byte[4]);
        Bitmaps.set(bits, 3, true);
        Bitmaps.set(bits, 9, true);
        Bitmaps.set(bits, 31, true);
        assertEquals(0b00001000, bits.get(LittleEndian.BYTE, 0));
        assertEquals(0b00000010, bits.get(LittleEndian.BYTE, 1));
        assertEquals((byte) 0b10000000, bits.get(LittleEndian.BYTE, 3));
        assertTrue(Bitmaps.get(bits, 9));
        assertFalse(Bitmaps.get(bits, 10));
        Bitmaps.set(bits, 9, false);
        assertFalse(Bitmaps.get(bits, 9));
    }

    @Test
    void countSetMatchesBitByBitAtEveryOffsetAndLength() {
        Random random = new Random(42);
        byte[] bytes = new byte[64];
        random.nextBytes(bytes);
        MemorySegment bits = MemorySegment.ofArray(bytes);
        for (int from = 0; from < 70; from++) {
            for (int length = 0; from + length <= 512; length += 7) {
                long naive = 0;
                for (int i = from; i < from + length; i++) {
                    naive += Bitmaps.get(bits, i) ? 1 : 0;
                }
                assertEquals(naive, Bitmaps.countSet(bits, from, length), "from " + from + " length " + length);
            }
        }
    }

    @Test
    void fillSetsExactlyTheRange() {
        MemorySegment bits = MemorySegment.ofArray(new byte[8]);
        Bitmaps.fill(bits, 5, 30, true);
        for (int i = 0; i < 64; i++) {
            assertEquals(i >= 5 && i < 35, Bitmaps.get(bits, i), "bit " + i);
        }
        Bitmaps.fill(bits, 6, 20, false);
        assertEquals(10, Bitmaps.countSet(bits, 0, 64));
    }

    @Test
    void copyBetweenAnyBitPhases() {
        Random random = new Random(7);
        byte[] source = new byte[40];
        random.nextBytes(source);
        MemorySegment src = MemorySegment.ofArray(source);
        for (int srcBit = 0; srcBit < 16; srcBit++) {
            for (int dstBit = 0; dstBit < 16; dstBit++) {
                for (int length : new int[] {0, 1, 7, 8, 9, 63, 64, 65, 200}) {
                    MemorySegment dst = MemorySegment.ofArray(new byte[40]);
                    Bitmaps.copy(src, srcBit, dst, dstBit, length);
                    for (int i = 0; i < length; i++) {
                        assertEquals(Bitmaps.get(src, srcBit + i), Bitmaps.get(dst, dstBit + i),
                                srcBit + "->" + dstBit + " length " + length + " bit " + i);
                    }
                    assertEquals(Bitmaps.countSet(src, srcBit, length), Bitmaps.countSet(dst, 0, 320),
                            "no bit outside the range was set");
                }
            }
        }
    }

    @Test
    void bytesForRoundsUp() {
        assertEquals(0, Bitmaps.bytesFor(0));
        assertEquals(1, Bitmaps.bytesFor(1));
        assertEquals(1, Bitmaps.bytesFor(8));
        assertEquals(2, Bitmaps.bytesFor(9));
    }
}
