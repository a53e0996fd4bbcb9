// SPDX-License-Identifier: Apache-2.0
package dev.quiver.c;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.ExtensionTypes;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodType;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Fills {@code ArrowSchema} structures. Each structure of the tree (children and dictionary included) owns
 * memory of its own (from the C heap) with its strings, metadata and child pointers, found again through its
 * {@code private_data} when its release callback runs; so a child moved out by the consumer stays valid
 * after its parent's release, as the spec allows.
 */
final class SchemaExport {
    private static final ExportRegistry<Node> LIVE = new ExportRegistry<>();
    static final MemorySegment RELEASE = CStructs.upcall(SchemaExport.class, "release",
            MethodType.methodType(void.class, MemorySegment.class), CStructs.RELEASE);

    /**
     * What one exported structure keeps alive, and its child and dictionary structures (the release walks
     * these, not the pointers in the structure, which a consumer might have changed).
     */
    private record Node(NativeBlocks arena, List<MemorySegment> children) {
    }

    private SchemaExport() {
    }

    /** Fills {@code out} with a struct of the schema's fields and its metadata. */
    static void exportSchema(Schema schema, MemorySegment out) {
        fill(out, "+s", "", schema.metadata(), 0, schema.fields(), null);
    }

    /** Fills {@code out} with a field. */
    static void exportField(Field field, MemorySegment out) {
        Map<String, String> metadata = field.metadata();
        ArrowType type = field.type();
        if (type instanceof ArrowType.Extension ext) {
            metadata = new LinkedHashMap<>(metadata);
            metadata.put(ExtensionTypes.NAME_KEY, ext.name());
            metadata.put(ExtensionTypes.METADATA_KEY, ext.metadata());
            type = ext.storageType();
        }
        long flags = field.nullable() ? CStructs.FLAG_NULLABLE : 0;
        if (type instanceof ArrowType.Dictionary dict) {
            flags |= dict.ordered() ? CStructs.FLAG_DICTIONARY_ORDERED : 0;
            fill(out, FormatStrings.format(dict.indexType()), field.name(), metadata, flags, List.of(),
                    Field.nullable("", dict.valueType()));
            return;
        }
        if (type instanceof ArrowType.Map map && map.keysSorted()) {
            flags |= CStructs.FLAG_MAP_KEYS_SORTED;
        }
        fill(out, FormatStrings.format(type), field.name(), metadata, flags, type.children(), null);
    }

    private static void fill(MemorySegment out, String format, String name, Map<String, String> metadata,
            long flags, List<Field> children, Field dictionary) {
        MemorySegment s = CStructs.at(out, CStructs.SCHEMA);
        Node node = new Node(new NativeBlocks(), new java.util.ArrayList<>());
        NativeBlocks arena = node.arena();
        int filled = 0;
        MemorySegment childPointers = MemorySegment.NULL;
        MemorySegment dict = MemorySegment.NULL;
        try {
            s.set(ADDRESS, CStructs.S_FORMAT, CStructs.cString(arena, format));
            s.set(ADDRESS, CStructs.S_NAME, CStructs.cString(arena, name));
            s.set(ADDRESS, CStructs.S_METADATA, metadata.isEmpty() ? MemorySegment.NULL : encode(arena, metadata));
            s.set(JAVA_LONG, CStructs.S_FLAGS, flags);
            s.set(JAVA_LONG, CStructs.S_N_CHILDREN, children.size());
            if (!children.isEmpty()) {
                childPointers = arena.allocate(ADDRESS, children.size());
                for (Field child : children) {
                    MemorySegment c = arena.allocate(CStructs.SCHEMA);
                    exportField(child, c);
                    node.children().add(c);
                    childPointers.setAtIndex(ADDRESS, filled++, c);
                }
            }
            s.set(ADDRESS, CStructs.S_CHILDREN, childPointers);
            if (dictionary != null) {
                dict = arena.allocate(CStructs.SCHEMA);
                exportField(dictionary, dict);
                node.children().add(dict);
            }
            s.set(ADDRESS, CStructs.S_DICTIONARY, dict);
        } catch (RuntimeException | Error e) {
            for (MemorySegment child : node.children()) {
                release(child);
            }
            arena.free();
            throw e;
        }
        s.set(ADDRESS, CStructs.S_PRIVATE, MemorySegment.ofAddress(LIVE.add(node)));
        s.set(ADDRESS, CStructs.S_RELEASE, RELEASE);
    }

    /** The spec's metadata encoding: int32 count, then each key and value as int32 length and bytes. */
    private static MemorySegment encode(NativeBlocks arena, Map<String, String> metadata) {
        List<byte[]> parts = new java.util.ArrayList<>();
        long size = 4;
        for (Map.Entry<String, String> e : metadata.entrySet()) {
            byte[] k = e.getKey().getBytes(StandardCharsets.UTF_8);
            byte[] v = e.getValue().getBytes(StandardCharsets.UTF_8);
            parts.add(k);
            parts.add(v);
            size += 8 + k.length + v.length;
        }
        MemorySegment m = arena.allocate(size, 8);
        m.set(JAVA_INT_UNALIGNED, 0, metadata.size());
        long at = 4;
        for (byte[] part : parts) {
            m.set(JAVA_INT_UNALIGNED, at, part.length);
            MemorySegment.copy(part, 0, m, JAVA_BYTE, at + 4, part.length);
            at += 4 + part.length;
        }
        return m;
    }

    /**
     * The release callback: releases the children and dictionary not moved out, frees this structure's
     * arena and marks the structure released. Never throws into the caller (native code).
     */
    static void release(MemorySegment address) {
        try {
            MemorySegment s = CStructs.at(address, CStructs.SCHEMA);
            if (CStructs.pointer(s, CStructs.S_RELEASE) == 0) {
                return;
            }
            Node node = LIVE.remove(CStructs.pointer(s, CStructs.S_PRIVATE));
            s.set(ADDRESS, CStructs.S_RELEASE, MemorySegment.NULL);
            if (node != null) {
                for (MemorySegment child : node.children()) {
                    releaseChild(child);
                }
                node.arena().free();
            }
        } catch (Throwable e) {
            ExportRegistry.reportFromCallback("ArrowSchema release", e);
        }
    }

    private static void releaseChild(MemorySegment c) {
        long fn = CStructs.pointer(c, CStructs.S_RELEASE);
        if (fn == RELEASE.address()) {
            release(c);
        } else if (fn != 0) {
            CStructs.callRelease(fn, c);
        }
    }
}
