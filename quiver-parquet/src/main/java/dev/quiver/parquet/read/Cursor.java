// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.read;

import dev.quiver.core.memory.LittleEndian;
import dev.quiver.parquet.ParquetException;
import java.lang.foreign.MemorySegment;

/**
 * A bounds-checked position in the bytes of a page: every read checks the bytes left and fails with a
 * {@link ParquetException} naming the page.
 */
final class Cursor {
    final MemorySegment segment;
    long position;
    final long end;
    final String where;

    Cursor(MemorySegment segment, long position, long end, String where) {
        this.segment = segment;
        this.position = position;
        this.end = end;
        this.where = where;
    }

    long remaining() {
        return end - position;
    }

    void need(long n) {
        if (n < 0 || end - position < n) {
            throw error("cut short: " + n + " bytes needed, " + (end - position) + " left");
        }
    }

    int readUnsignedByte() {
        need(1);
        return segment.get(LittleEndian.BYTE, position++) & 0xFF;
    }

    int readIntLE() {
        need(4);
        int v = segment.get(LittleEndian.INT, position);
        position += 4;
        return v;
    }

    /** An unsigned LEB128 varint of at most 32 bits. */
    int readUnsignedVarInt() {
        long v = readUnsignedVarLong();
        if ((v >>> 32) != 0) {
            throw error("varint out of range");
        }
        return (int) v;
    }

    long readUnsignedVarLong() {
        long result = 0;
        for (int shift = 0; shift < 70; shift += 7) {
            int b = readUnsignedByte();
            result |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return result;
            }
        }
        throw error("varint longer than 10 bytes");
    }

    long readZigZagVarLong() {
        long u = readUnsignedVarLong();
        return (u >>> 1) ^ -(u & 1);
    }

    Cursor slice(long length) {
        need(length);
        Cursor c = new Cursor(segment, position, position + length, where);
        position += length;
        return c;
    }

    ParquetException error(String message) {
        return new ParquetException(where + ": " + message);
    }
}
