// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet;

import dev.quiver.core.memory.ArrowBuffer;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.parquet.format.BloomFilterHeader;
import dev.quiver.parquet.format.ColumnMetaData;
import dev.quiver.parquet.read.FileDecoder;
import dev.quiver.parquet.thrift.ThriftReader;
import dev.quiver.parquet.write.XxHash64;
import java.lang.foreign.MemorySegment;

/** Parquet's split-block bloom filters (BloomFilter.md): whether a column chunk may hold a value. */
final class BloomFilters {
    private static final int[] SALT = {
        0x47b6137b, 0x44974d91, 0x8824ad5b, 0xa2b7289d, 0x705495c7, 0x2df1424b, 0x9efc4947, 0x5c6bfb31
    };
    /** The most bytes a filter's header is read from (it is a few bytes). */
    private static final int MAX_HEADER = 256;

    private BloomFilters() {}

    /**
     * Whether the chunk's bloom filter may hold the value (true when the filter is absent, unreadable or of
     * an unknown kind: a filter only ever excludes).
     *
     * @param decoder the file
     * @param meta the column chunk's metadata
     * @param plain the value's plain encoding (BYTE_ARRAY without its length)
     * @param rowGroup the row group, for messages
     * @return false only if the filter rules the value out
     */
    static boolean mightContain(FileDecoder decoder, ColumnMetaData meta, byte[] plain, int rowGroup) {
        long offset = meta.bloomFilterOffset();
        long size = decoder.input().size();
        if (offset < 0 || offset >= size) {
            return true;
        }
        BufferAllocator allocator = BufferAllocator.managed();
        long headerLength = Math.min(MAX_HEADER, size - offset);
        if (meta.bloomFilterLength() != null && meta.bloomFilterLength() > 0) {
            headerLength = Math.min(headerLength, meta.bloomFilterLength());
        }
        String what = "bloom filter of row group " + rowGroup;
        ArrowBuffer head = decoder.input().read(offset, headerLength, allocator, what);
        ThriftReader reader = new ThriftReader(head.segment(), 0, headerLength, decoder.input().name() + ": " + what);
        BloomFilterHeader header = BloomFilterHeader.read(reader);
        if (header.algorithm() != 1 || header.hash() != 1 || header.compression() != 1 || header.numBytes() < 32
                || header.numBytes() % 32 != 0) {
            return true;
        }
        long bitsetOffset = offset + reader.bytesRead();
        ArrowBuffer bits = decoder.input().read(bitsetOffset, header.numBytes(), allocator, what);
        return check(bits.segment(), header.numBytes() / 32,
                XxHash64.hash(MemorySegment.ofArray(plain), 0, plain.length));
    }

    static boolean check(MemorySegment bitset, long blocks, long hash) {
        long block = ((hash >>> 32) * blocks) >>> 32;
        int key = (int) hash;
        for (int i = 0; i < 8; i++) {
            int bit = (key * SALT[i]) >>> 27;
            int word = bitset.get(LittleEndian.INT, block * 32 + 4L * i);
            if ((word & (1 << bit)) == 0) {
                return false;
            }
        }
        return true;
    }
}
