// SPDX-License-Identifier: Apache-2.0
package dev.quiver.c;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The check that a range a producer's pointer and a computed size describe lies in the address space
 * and in readable memory of this process, before anything of it is read: a size far beyond the
 * producer's allocation (a wrong length or offset) then ends in a {@link CDataException} where reading
 * would end the JVM. Readable memory is known from Linux's {@code /proc/self/maps}, read at most once a
 * second (reading it costs more than a whole import) and read again before any refusal, so a refusal
 * is always of the mapping of the moment; a range in memory unmapped within the last second may pass.
 * Readable memory that is not the producer's (the rest of its heap) cannot be told apart: that a pointer
 * is readable for the size the spec implies is what a consumer must trust. Where the map cannot be read
 * (another system), only the end of the address space is checked.
 */
final class MappedMemory {
    private static final Path MAPS = Path.of("/proc/self/maps");
    private static final long MAX_AGE_NANOS = 1_000_000_000L;
    private static final MappedMemory UNKNOWN = new MappedMemory(null, null, Long.MAX_VALUE);

    private static volatile MappedMemory current = read();

    /** Starts and ends of the readable ranges, sorted, adjacent ranges merged; null when unknown. */
    private final long[] starts;
    private final long[] ends;
    private final long readAt;

    private MappedMemory(long[] starts, long[] ends, long readAt) {
        this.starts = starts;
        this.ends = ends;
        this.readAt = readAt;
    }

    /**
     * Checks that {@code size} bytes at {@code address} are readable memory of this process.
     *
     * @param what what the range is, for the message (such as "buffer 1")
     * @param where the path of the array, for the message
     * @throws CDataException if the range passes the end of the address space or leaves readable memory
     */
    static void check(long address, long size, String what, String where) {
        if (size == 0) {
            return;
        }
        long end = address + size;
        if (address < 0 || end < 0) {
            throw new CDataException(where + ": " + what + " of " + size + " bytes at 0x"
                    + Long.toHexString(address) + " passes the end of the address space");
        }
        if (recent().contains(address, end) || refresh().contains(address, end)) {
            return;
        }
        throw new CDataException(where + ": " + what + " of " + size + " bytes at 0x"
                + Long.toHexString(address) + " reaches memory that is not readable (a length or offset larger"
                + " than the producer's buffer, or a bad pointer)");
    }

    /**
     * How many bytes from {@code address} on are readable without a gap: the bound of a read whose length
     * the producer does not give (a NUL-terminated string, the metadata encoding).
     *
     * @param what what starts at the address, for the message
     * @param where the path of the structure, for the message
     * @return the count of readable bytes, at least 1
     * @throws CDataException if the byte at {@code address} is not readable
     */
    static long readableFrom(long address, String what, String where) {
        long readable = address <= 0 ? 0 : recent().readableFrom(address);
        if (readable == 0 && address > 0) {
            readable = refresh().readableFrom(address);
        }
        if (readable == 0) {
            throw new CDataException(where + ": " + what + " at 0x" + Long.toHexString(address)
                    + " is not in readable memory");
        }
        return readable;
    }

    /** The readable bytes from {@code address} on in this map: 0 if none, all up to the end if unknown. */
    private long readableFrom(long address) {
        if (starts == null) {
            return Long.MAX_VALUE - address;
        }
        int i = Arrays.binarySearch(starts, address);
        int range = i >= 0 ? i : -i - 2;
        return range >= 0 && address < ends[range] ? ends[range] - address : 0;
    }

    /** The map read last, read again if that was more than {@link #MAX_AGE_NANOS} ago. */
    private static MappedMemory recent() {
        MappedMemory memory = current;
        return memory != UNKNOWN && System.nanoTime() - memory.readAt > MAX_AGE_NANOS ? refresh() : memory;
    }

    private static MappedMemory refresh() {
        MappedMemory memory = read();
        current = memory;
        return memory;
    }

    private boolean contains(long address, long end) {
        if (starts == null) {
            return true;
        }
        int i = Arrays.binarySearch(starts, address);
        int range = i >= 0 ? i : -i - 2;
        return range >= 0 && end <= ends[range];
    }

    /** The readable ranges of {@code /proc/self/maps}; {@link #UNKNOWN} where it cannot be read. */
    private static MappedMemory read() {
        if (!Files.isReadable(MAPS)) {
            return UNKNOWN;
        }
        long readAt = System.nanoTime();
        long[] s = new long[256];
        long[] e = new long[256];
        int n = 0;
        try (BufferedReader lines = Files.newBufferedReader(MAPS, StandardCharsets.US_ASCII)) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                // "start-end perms offset device inode path", addresses in hexadecimal.
                int dash = line.indexOf('-');
                int space = line.indexOf(' ', dash + 1);
                if (dash <= 0 || space < 0 || space + 1 >= line.length() || line.charAt(space + 1) != 'r') {
                    continue;
                }
                long start = Long.parseUnsignedLong(line, 0, dash, 16);
                long end = Long.parseUnsignedLong(line, dash + 1, space, 16);
                if (start < 0 || end < 0) {
                    continue; // above the user address space (vsyscall): never a producer's buffer
                }
                if (n > 0 && e[n - 1] == start) {
                    e[n - 1] = end;
                    continue;
                }
                if (n == s.length) {
                    s = Arrays.copyOf(s, 2 * n);
                    e = Arrays.copyOf(e, 2 * n);
                }
                s[n] = start;
                e[n] = end;
                n++;
            }
        } catch (IOException | RuntimeException unreadable) {
            return UNKNOWN;
        }
        return new MappedMemory(Arrays.copyOf(s, n), Arrays.copyOf(e, n), readAt);
    }
}
