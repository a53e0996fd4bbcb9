// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.extension;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Decodes and validates the Parquet Variant binary encoding (a metadata dictionary of field names and a
 * value) into a Java tree: objects become {@link Map}s of field name to value in the order of the names,
 * arrays {@link List}s, and primitives {@link Boolean}, {@link Byte}, {@link Short}, {@link Integer},
 * {@link Long}, {@link Float}, {@link Double}, {@link BigDecimal} (decimal4/8/16), {@link LocalDate},
 * {@link Instant} (timestamps with time zone), {@link LocalDateTime} (timestamps without),
 * {@link LocalTime}, {@code byte[]}, {@link String} and {@link UUID}; the variant null is Java null.
 * Every rule of the encoding is checked: metadata version 1, offsets in bounds and ordered, sorted and
 * unique dictionary strings when the metadata says so, valid UTF-8, field ids within the dictionary,
 * object field names unique and in lexicographic order, decimal precision and scale limits, times
 * within a day, known type ids, and a value that fills its bytes exactly.
 */
public final class VariantDecoder {
    private static final int MAX_DEPTH = 128;
    private static final int[] MAX_PRECISION = {9, 18, 38};

    private final byte[] value;
    private final byte[][] names;
    private int end;

    private VariantDecoder(byte[][] names, byte[] value) {
        this.names = names;
        this.value = value;
    }

    /**
     * Decodes one variant.
     *
     * @param metadata the metadata bytes (dictionary of field names)
     * @param value the value bytes
     * @return the value as a Java tree
     * @throws InvalidVariantException if the bytes break a rule of the encoding
     */
    public static Object decode(byte[] metadata, byte[] value) {
        return decode(dictionary(metadata), value);
    }

    static Object decode(byte[][] names, byte[] value) {
        VariantDecoder d = new VariantDecoder(names, value);
        Object out = d.read(0, value.length, 0);
        if (d.end != value.length) {
            throw new InvalidVariantException("value: " + (value.length - d.end) + " bytes after the value");
        }
        return out;
    }

    /**
     * Reads and checks a metadata dictionary.
     *
     * @param metadata the metadata bytes
     * @return the field names, as UTF-8 bytes, by field id
     * @throws InvalidVariantException if the bytes break a rule of the encoding
     */
    static byte[][] dictionary(byte[] metadata) {
        if (metadata.length == 0) {
            throw new InvalidVariantException("metadata: empty");
        }
        int header = metadata[0] & 0xFF;
        if ((header & 0x0F) != 1) {
            throw new InvalidVariantException("metadata: version " + (header & 0x0F) + ", only 1 is known");
        }
        boolean sorted = (header & 0x10) != 0;
        int offsetSize = ((header >> 6) & 3) + 1;
        long size = unsigned(metadata, 1, offsetSize, metadata.length, "metadata dictionary size");
        if (size == 0 && metadata.length == 1 + offsetSize) {
            // The Arrow spec's examples write the empty dictionary as "01 00", without its one offset.
            return new byte[0][];
        }
        long bytesStart = 1 + offsetSize * (size + 2);
        if (bytesStart > metadata.length) {
            throw new InvalidVariantException("metadata: " + size + " offsets do not fit in "
                    + metadata.length + " bytes");
        }
        byte[][] names = new byte[(int) size][];
        long previous = unsigned(metadata, 1 + offsetSize, offsetSize, metadata.length, "metadata offset 0");
        if (previous != 0) {
            throw new InvalidVariantException("metadata: the first offset is " + previous + ", not 0");
        }
        for (int k = 0; k < size; k++) {
            long next = unsigned(metadata, 1 + offsetSize * (k + 2), offsetSize, metadata.length,
                    "metadata offset");
            if (next < previous || bytesStart + next > metadata.length) {
                throw new InvalidVariantException("metadata: offset " + (k + 1) + " (" + next
                        + ") out of order or beyond the " + metadata.length + " bytes");
            }
            names[k] = Arrays.copyOfRange(metadata, (int) (bytesStart + previous), (int) (bytesStart + next));
            utf8(names[k], "metadata string " + k);
            if (sorted && k > 0 && Arrays.compareUnsigned(names[k - 1], names[k]) >= 0) {
                throw new InvalidVariantException("metadata: marked sorted but string " + k
                        + " is not after string " + (k - 1));
            }
            previous = next;
        }
        if (bytesStart + previous != metadata.length) {
            throw new InvalidVariantException("metadata: " + (metadata.length - bytesStart - previous)
                    + " bytes after the last string");
        }
        return names;
    }

    private static long unsigned(byte[] b, long pos, int size, long limit, String what) {
        if (pos + size > limit) {
            throw new InvalidVariantException(what + " at byte " + pos + " runs past the end (" + limit + ")");
        }
        long v = 0;
        for (int k = size - 1; k >= 0; k--) {
            v = (v << 8) | (b[(int) pos + k] & 0xFF);
        }
        return v;
    }

    private static String utf8(byte[] bytes, String what) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new InvalidVariantException(what + " is not valid UTF-8");
        }
    }

    private long le(int pos, int size, int limit) {
        return unsigned(value, pos, size, limit, "value bytes");
    }

    private Object read(int pos, int limit, int depth) {
        if (depth > MAX_DEPTH) {
            throw new InvalidVariantException("value: nested deeper than " + MAX_DEPTH);
        }
        if (pos >= limit) {
            throw new InvalidVariantException("value: no header byte at " + pos);
        }
        int header = value[pos] & 0xFF;
        int basic = header & 3;
        int h = header >>> 2;
        return switch (basic) {
            case 0 -> primitive(h, pos + 1, limit);
            case 1 -> {
                end = checked(pos + 1, h, limit, "short string");
                yield utf8(Arrays.copyOfRange(value, pos + 1, end), "short string at byte " + pos);
            }
            case 2 -> object(h, pos, limit, depth);
            default -> array(h, pos, limit, depth);
        };
    }

    private int checked(long start, long length, int limit, String what) {
        if (start + length > limit) {
            throw new InvalidVariantException("value: " + what + " at byte " + start + " of " + length
                    + " bytes runs past byte " + limit);
        }
        return (int) (start + length);
    }

    private Object primitive(int type, int p, int limit) {
        return switch (type) {
            case 0 -> fixed(p, 0, limit, null);
            case 1 -> fixed(p, 0, limit, Boolean.TRUE);
            case 2 -> fixed(p, 0, limit, Boolean.FALSE);
            case 3 -> (byte) fixedLong(p, 1, limit);
            case 4 -> (short) fixedLong(p, 2, limit);
            case 5 -> (int) fixedLong(p, 4, limit);
            case 6 -> fixedLong(p, 8, limit);
            case 7 -> Double.longBitsToDouble(fixedLong(p, 8, limit));
            case 8, 9, 10 -> decimal(type - 8, p, limit);
            case 11 -> LocalDate.ofEpochDay((int) fixedLong(p, 4, limit));
            case 12 -> micros(fixedLong(p, 8, limit));
            case 13 -> LocalDateTime.ofInstant(micros(fixedLong(p, 8, limit)), ZoneOffset.UTC);
            case 14 -> Float.intBitsToFloat((int) fixedLong(p, 4, limit));
            case 15 -> Arrays.copyOfRange(value, p + 4, lengthPrefixed(p, limit));
            case 16 -> utf8(Arrays.copyOfRange(value, p + 4, lengthPrefixed(p, limit)), "string at byte " + p);
            case 17 -> time(fixedLong(p, 8, limit), p);
            case 18 -> nanos(fixedLong(p, 8, limit));
            case 19 -> LocalDateTime.ofInstant(nanos(fixedLong(p, 8, limit)), ZoneOffset.UTC);
            case 20 -> {
                end = checked(p, 16, limit, "uuid");
                ByteBuffer b = ByteBuffer.wrap(value, p, 16);
                yield new UUID(b.getLong(), b.getLong());
            }
            default -> throw new InvalidVariantException("value: unknown primitive type id " + type + " at byte "
                    + (p - 1));
        };
    }

    private Object fixed(int p, int size, int limit, Object result) {
        end = checked(p, size, limit, "primitive");
        return result;
    }

    private long fixedLong(int p, int size, int limit) {
        end = checked(p, size, limit, "primitive");
        long v = le(p, size, limit);
        int shift = 64 - 8 * size;
        return (v << shift) >> shift;
    }

    private int lengthPrefixed(int p, int limit) {
        long length = le(p, 4, limit);
        end = checked(p + 4L, length, limit, "binary or string");
        return end;
    }

    private static Instant micros(long v) {
        return Instant.ofEpochSecond(Math.floorDiv(v, 1_000_000L), Math.floorMod(v, 1_000_000L) * 1_000L);
    }

    private static Instant nanos(long v) {
        return Instant.ofEpochSecond(Math.floorDiv(v, 1_000_000_000L), Math.floorMod(v, 1_000_000_000L));
    }

    private static LocalTime time(long micros, int p) {
        if (micros < 0 || micros >= 86_400_000_000L) {
            throw new InvalidVariantException("value: time at byte " + p + " is " + micros
                    + " microseconds, outside a day");
        }
        return LocalTime.ofNanoOfDay(micros * 1_000L);
    }

    private BigDecimal decimal(int kind, int p, int limit) {
        int width = 4 << kind;
        end = checked(p, 1L + width, limit, "decimal");
        int scale = value[p] & 0xFF;
        int maxPrecision = MAX_PRECISION[kind];
        if (scale > maxPrecision) {
            throw new InvalidVariantException("value: decimal at byte " + p + " has scale " + scale
                    + " above its maximum precision " + maxPrecision);
        }
        byte[] be = new byte[width];
        for (int k = 0; k < width; k++) {
            be[k] = value[p + width - k];
        }
        BigInteger unscaled = new BigInteger(be);
        if (unscaled.abs().compareTo(BigInteger.TEN.pow(maxPrecision)) >= 0) {
            throw new InvalidVariantException("value: decimal at byte " + p + " has more than " + maxPrecision
                    + " digits");
        }
        return new BigDecimal(unscaled, scale);
    }

    private Map<String, Object> object(int h, int pos, int limit, int depth) {
        int offsetSize = (h & 3) + 1;
        int idSize = ((h >> 2) & 3) + 1;
        int countSize = (h & 0x10) != 0 ? 4 : 1;
        long n = le(pos + 1, countSize, limit);
        long idsStart = pos + 1L + countSize;
        long offsetsStart = idsStart + n * idSize;
        long valuesStart = offsetsStart + (n + 1) * offsetSize;
        checked(pos, valuesStart - pos, limit, "object header");
        long size = le((int) (offsetsStart + n * offsetSize), offsetSize, limit);
        int objectEnd = checked(valuesStart, size, limit, "object values");
        Map<String, Object> out = new LinkedHashMap<>();
        byte[] previous = null;
        for (int k = 0; k < n; k++) {
            long id = le((int) (idsStart + (long) k * idSize), idSize, limit);
            if (id >= names.length) {
                throw new InvalidVariantException("value: object at byte " + pos + " uses field id " + id
                        + " beyond the " + names.length + " names of the metadata");
            }
            byte[] name = names[(int) id];
            if (previous != null && Arrays.compareUnsigned(previous, name) >= 0) {
                throw new InvalidVariantException("value: object at byte " + pos + " has field names out of "
                        + "lexicographic order or repeated, at field " + k);
            }
            previous = name;
            long offset = le((int) (offsetsStart + (long) k * offsetSize), offsetSize, limit);
            if (offset >= size) {
                throw new InvalidVariantException("value: object at byte " + pos + " field " + k + " offset "
                        + offset + " is not inside its " + size + " value bytes");
            }
            out.put(new String(name, StandardCharsets.UTF_8), read((int) (valuesStart + offset), objectEnd,
                    depth + 1));
        }
        end = objectEnd;
        return Collections.unmodifiableMap(out);
    }

    private List<Object> array(int h, int pos, int limit, int depth) {
        int offsetSize = (h & 3) + 1;
        int countSize = (h & 4) != 0 ? 4 : 1;
        long n = le(pos + 1, countSize, limit);
        long offsetsStart = pos + 1L + countSize;
        long valuesStart = offsetsStart + (n + 1) * offsetSize;
        checked(pos, valuesStart - pos, limit, "array header");
        long size = le((int) (offsetsStart + n * offsetSize), offsetSize, limit);
        int arrayEnd = checked(valuesStart, size, limit, "array values");
        List<Object> out = new ArrayList<>();
        long start = le((int) offsetsStart, offsetSize, limit);
        if (start != 0) {
            throw new InvalidVariantException("value: array at byte " + pos + " has first offset " + start);
        }
        for (int k = 0; k < n; k++) {
            long next = le((int) (offsetsStart + (k + 1L) * offsetSize), offsetSize, limit);
            if (next < start || next > size) {
                throw new InvalidVariantException("value: array at byte " + pos + " offset " + (k + 1)
                        + " out of order or beyond its values");
            }
            out.add(read((int) (valuesStart + start), (int) (valuesStart + next), depth + 1));
            if (end != valuesStart + next) {
                throw new InvalidVariantException("value: array at byte " + pos + " element " + k
                        + " does not fill its " + (next - start) + " bytes");
            }
            start = next;
        }
        end = arrayEnd;
        return Collections.unmodifiableList(out);
    }
}
