// SPDX-License-Identifier: Apache-2.0
package dev.quiver.c;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import dev.quiver.core.QuiverException;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.ExtensionTypes;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads {@code ArrowSchema} structures into fields and schemas (copies: nothing foreign is kept) and
 * releases them. The input is untrusted: every pointer the spec requires is checked, counts must be
 * sane and the tree no deeper than {@link #MAX_DEPTH} (a cycle of pointers ends there).
 */
final class SchemaImport {
    /** The deepest nesting of children and dictionaries read, as for IPC. */
    static final int MAX_DEPTH = 64;
    /** The most children or metadata entries one structure may declare. */
    static final long MAX_COUNT = 1 << 24;

    private SchemaImport() {
    }

    /** Reads a field, then releases the structure (also when it is refused). */
    static Field importField(MemorySegment address) {
        MemorySegment s = root(address, "ArrowSchema");
        try {
            return read(s, "field", 0);
        } finally {
            CStructs.callRelease(CStructs.pointer(s, CStructs.S_RELEASE), s);
        }
    }

    /** Reads a schema (a struct whose children are the fields), then releases the structure. */
    static Schema importSchema(MemorySegment address) {
        MemorySegment s = root(address, "ArrowSchema");
        try {
            Field struct = read(s, "schema", 0);
            if (!(struct.type() instanceof ArrowType.Struct t)) {
                throw new CDataException("schema: a schema's format must be '+s' (struct), not that of "
                        + struct.type());
            }
            return new Schema(t.fields(), struct.metadata(), dev.quiver.core.type.Endianness.LITTLE);
        } finally {
            CStructs.callRelease(CStructs.pointer(s, CStructs.S_RELEASE), s);
        }
    }

    /** The root structure at an address: not null, not released. */
    private static MemorySegment root(MemorySegment address, String what) {
        if (address == null || address.address() == 0) {
            throw new CDataException(what + ": the address is null");
        }
        MemorySegment s = CStructs.at(address, CStructs.SCHEMA);
        if (CStructs.pointer(s, CStructs.S_RELEASE) == 0) {
            throw new CDataException(what + ": the structure is released (its release callback is null)");
        }
        return s;
    }

    private static Field read(MemorySegment s, String path, int depth) {
        if (depth > MAX_DEPTH) {
            throw new CDataException(path + ": schemas nest deeper than " + MAX_DEPTH);
        }
        long formatAt = CStructs.pointer(s, CStructs.S_FORMAT);
        if (formatAt == 0) {
            throw new CDataException(path + ": the format string is null");
        }
        String format = CStructs.readCString(formatAt, "the format string", path);
        long nameAt = CStructs.pointer(s, CStructs.S_NAME);
        String name = nameAt == 0 ? "" : CStructs.readCString(nameAt, "the name", path);
        String where = path + (name.isEmpty() ? "" : " '" + name + "'");
        Map<String, String> metadata = metadata(CStructs.pointer(s, CStructs.S_METADATA), where);
        long flags = s.get(JAVA_LONG, CStructs.S_FLAGS);
        long n = CStructs.count(s.get(JAVA_LONG, CStructs.S_N_CHILDREN), MAX_COUNT, "n_children", where);
        List<Field> children = new ArrayList<>((int) n);
        if (n > 0) {
            MemorySegment pointers = pointers(CStructs.pointer(s, CStructs.S_CHILDREN), n, "children", where);
            for (int i = 0; i < n; i++) {
                long child = pointers.getAtIndex(ADDRESS, i).address();
                if (child == 0) {
                    throw new CDataException(where + ": child " + i + " is a null pointer");
                }
                String childPath = where + ".children[" + i + "]";
                children.add(read(struct(child, childPath), childPath, depth + 1));
            }
        }
        try {
            ArrowType type = FormatStrings.parse(format, children,
                    (flags & CStructs.FLAG_MAP_KEYS_SORTED) != 0, where);
            long dictionaryAt = CStructs.pointer(s, CStructs.S_DICTIONARY);
            if (dictionaryAt != 0) {
                if (!(type instanceof ArrowType.Int index)) {
                    throw new CDataException(where + ": a dictionary's indices must be integers, not '"
                            + format + "'");
                }
                Field values = read(struct(dictionaryAt, where + ".dictionary"), where + ".dictionary", depth + 1);
                type = new ArrowType.Dictionary(index, values.type(),
                        (flags & CStructs.FLAG_DICTIONARY_ORDERED) != 0);
            }
            Field stored = new Field(name, type, (flags & CStructs.FLAG_NULLABLE) != 0, null, metadata);
            return ExtensionTypes.resolve(stored);
        } catch (CDataException e) {
            throw e;
        } catch (QuiverException | IllegalArgumentException e) {
            throw new CDataException(where + ": " + e.getMessage(), e);
        }
    }

    /** A C array of {@code n} pointers at a non-null address. */
    static MemorySegment pointers(long address, long n, String what, String where) {
        if (address == 0) {
            throw new CDataException(where + ": " + what + " is a null pointer for " + n + " entries");
        }
        MappedMemory.check(address, n * ADDRESS.byteSize(), what, where);
        return MemorySegment.ofAddress(address).reinterpret(n * ADDRESS.byteSize());
    }

    /** The {@code ArrowSchema} a child or dictionary pointer points at, checked to be readable. */
    private static MemorySegment struct(long address, String where) {
        MappedMemory.check(address, CStructs.SCHEMA.byteSize(), "the ArrowSchema structure", where);
        return CStructs.at(address, CStructs.SCHEMA);
    }

    /** Decodes the spec's metadata encoding (int32 count, then int32 length and bytes of each string). */
    private static Map<String, String> metadata(long address, String where) {
        if (address == 0) {
            return Map.of();
        }
        // The encoding gives no total size: it is read no further than readable memory goes.
        MemorySegment m = MemorySegment.ofAddress(address).reinterpret(
                MappedMemory.readableFrom(address, "the metadata", where));
        if (m.byteSize() < 4) {
            throw new CDataException(where + ": the metadata ends before its count");
        }
        long count = CStructs.count(m.get(JAVA_INT.withByteAlignment(1), 0), MAX_COUNT, "the metadata count", where);
        Map<String, String> out = new LinkedHashMap<>();
        long at = 4;
        for (long i = 0; i < count; i++) {
            byte[] key = metadataBytes(m, at, where);
            at += 4 + key.length;
            byte[] value = metadataBytes(m, at, where);
            at += 4 + value.length;
            out.put(new String(key, StandardCharsets.UTF_8), new String(value, StandardCharsets.UTF_8));
        }
        return out;
    }

    private static byte[] metadataBytes(MemorySegment m, long at, String where) {
        if (m.byteSize() - at < 4) {
            throw new CDataException(where + ": the metadata runs past readable memory at byte " + at);
        }
        int length = (int) CStructs.count(m.get(JAVA_INT.withByteAlignment(1), at), Integer.MAX_VALUE - 8,
                "a metadata string's length", where);
        if (length > m.byteSize() - at - 4) {
            throw new CDataException(where + ": a metadata string of " + length + " bytes at byte " + at
                    + " runs past readable memory");
        }
        byte[] bytes = new byte[length];
        MemorySegment.copy(m, java.lang.foreign.ValueLayout.JAVA_BYTE, at + 4, bytes, 0, length);
        return bytes;
    }
}
