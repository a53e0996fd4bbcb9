// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.read;

import java.lang.foreign.MemorySegment;

/** The delta encodings (Encodings.md): DELTA_BINARY_PACKED, DELTA_LENGTH_BYTE_ARRAY and DELTA_BYTE_ARRAY. */
final class DeltaDecoder {
    private DeltaDecoder() {}

    /**
     * Decodes one DELTA_BINARY_PACKED run of values, leaving the cursor after its last miniblock used.
     *
     * @param in the bytes
     * @param maxCount the most values the caller expects (a larger declared count is an error)
     * @return the values (for INT32, the low 32 bits are the value)
     */
    static long[] binaryPacked(Cursor in, int maxCount) {
        int blockSize = in.readUnsignedVarInt();
        int miniblocks = in.readUnsignedVarInt();
        int total = in.readUnsignedVarInt();
        long first = in.readZigZagVarLong();
        if (blockSize <= 0 || blockSize % 128 != 0 || miniblocks <= 0 || blockSize % miniblocks != 0
                || (blockSize / miniblocks) % 32 != 0) {
            throw in.error("DELTA_BINARY_PACKED header with block size " + blockSize + " and " + miniblocks
                    + " miniblocks");
        }
        if (total < 0 || total > maxCount) {
            throw in.error("DELTA_BINARY_PACKED declares " + total + " values where at most " + maxCount + " are expected");
        }
        int perMiniblock = blockSize / miniblocks;
        long[] values = new long[total];
        if (total == 0) {
            return values;
        }
        values[0] = first;
        int done = 1;
        long[] unpacked = new long[perMiniblock];
        long previous = first;
        while (done < total) {
            long minDelta = in.readZigZagVarLong();
            in.need(miniblocks);
            long widths = in.position;
            in.position += miniblocks;
            for (int m = 0; m < miniblocks && done < total; m++) {
                int width = in.segment.get(java.lang.foreign.ValueLayout.JAVA_BYTE, widths + m) & 0xFF;
                if (width > 64) {
                    throw in.error("DELTA_BINARY_PACKED miniblock bit width " + width);
                }
                int take = Math.min(perMiniblock, total - done);
                long needed = ((long) take * width + 7) / 8;
                in.need(needed);
                long full = (long) perMiniblock * width / 8;
                BitReader.unpack(in.segment, in.position, in.end, 0, width, unpacked, 0, take);
                for (int i = 0; i < take; i++) {
                    previous += minDelta + unpacked[i];
                    values[done++] = previous;
                }
                in.position += Math.min(full, in.remaining());
            }
        }
        return values;
    }

    /** DELTA_LENGTH_BYTE_ARRAY: the lengths delta-packed, then the bytes one after another. */
    static void lengthByteArray(Cursor in, int n, BinaryValues out) {
        long[] lengths = binaryPacked(in, n);
        if (lengths.length != n) {
            throw in.error("DELTA_LENGTH_BYTE_ARRAY holds " + lengths.length + " lengths for " + n + " values");
        }
        long sum = 0;
        for (long length : lengths) {
            if (length < 0 || length > Integer.MAX_VALUE) {
                throw in.error("byte array length " + length + " out of range");
            }
            sum += length;
        }
        in.need(sum);
        out.ensure(n, sum);
        MemorySegment source = in.segment;
        for (int i = 0; i < n; i++) {
            out.append(source, in.position, lengths[i]);
            in.position += lengths[i];
        }
    }

    /** DELTA_BYTE_ARRAY: prefix lengths delta-packed, then the suffixes as DELTA_LENGTH_BYTE_ARRAY. */
    static void byteArray(Cursor in, int n, BinaryValues out) {
        long[] prefixes = binaryPacked(in, n);
        long[] suffixes = binaryPacked(in, n);
        if (prefixes.length != n || suffixes.length != n) {
            throw in.error("DELTA_BYTE_ARRAY holds " + prefixes.length + " prefixes and " + suffixes.length
                    + " suffixes for " + n + " values");
        }
        long sum = 0;
        for (long s : suffixes) {
            if (s < 0 || s > Integer.MAX_VALUE) {
                throw in.error("suffix length " + s + " out of range");
            }
            sum += s;
        }
        in.need(sum);
        MemorySegment source = in.segment;
        int previousIndex = -1;
        for (int i = 0; i < n; i++) {
            long prefix = prefixes[i];
            long previousLength = previousIndex < 0 ? 0 : out.end(previousIndex) - out.start(previousIndex);
            if (prefix < 0 || prefix > previousLength) {
                throw in.error("prefix length " + prefix + " longer than the previous value (" + previousLength + " bytes)");
            }
            long total = prefix + suffixes[i];
            out.ensure(1, total);
            if (prefix > 0) {
                long from = out.start(previousIndex);
                out.data.ensureCapacity(out.data.size() + total);
                out.data.appendBytes(out.data.segment(), from, prefix);
            }
            out.data.appendBytes(source, in.position, suffixes[i]);
            in.position += suffixes[i];
            out.ends.appendLong(out.data.size());
            out.count++;
            previousIndex = out.count - 1;
        }
    }
}
