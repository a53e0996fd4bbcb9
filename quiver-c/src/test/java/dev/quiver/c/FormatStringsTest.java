// SPDX-License-Identifier: Apache-2.0
package dev.quiver.c;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import dev.quiver.core.type.ExtensionTypes;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.IntervalUnit;
import dev.quiver.core.type.TimeUnit;
import dev.quiver.core.type.UnionMode;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The format string of every type (the spec's table), the flags and the metadata, both ways. */
class FormatStringsTest {
    private static final Field ITEM = Field.nullable("item", ArrowType.INT32);

    private static Map<ArrowType, String> formats() {
        Map<ArrowType, String> m = new LinkedHashMap<>();
        m.put(ArrowType.NULL, "n");
        m.put(ArrowType.BOOL, "b");
        m.put(ArrowType.INT8, "c");
        m.put(ArrowType.UINT8, "C");
        m.put(ArrowType.INT16, "s");
        m.put(ArrowType.UINT16, "S");
        m.put(ArrowType.INT32, "i");
        m.put(ArrowType.UINT32, "I");
        m.put(ArrowType.INT64, "l");
        m.put(ArrowType.UINT64, "L");
        m.put(ArrowType.FLOAT16, "e");
        m.put(ArrowType.FLOAT32, "f");
        m.put(ArrowType.FLOAT64, "g");
        m.put(ArrowType.BINARY, "z");
        m.put(ArrowType.LARGE_BINARY, "Z");
        m.put(ArrowType.BINARY_VIEW, "vz");
        m.put(ArrowType.UTF8, "u");
        m.put(ArrowType.LARGE_UTF8, "U");
        m.put(ArrowType.UTF8_VIEW, "vu");
        m.put(new ArrowType.FixedSizeBinary(7), "w:7");
        m.put(new ArrowType.Decimal(7, 2, 32), "d:7,2,32");
        m.put(new ArrowType.Decimal(15, -3, 64), "d:15,-3,64");
        m.put(new ArrowType.Decimal(38, 10, 128), "d:38,10");
        m.put(new ArrowType.Decimal(76, 0, 256), "d:76,0,256");
        m.put(new ArrowType.Date(DateUnit.DAY), "tdD");
        m.put(new ArrowType.Date(DateUnit.MILLISECOND), "tdm");
        m.put(new ArrowType.Time(TimeUnit.SECOND, 32), "tts");
        m.put(new ArrowType.Time(TimeUnit.MILLISECOND, 32), "ttm");
        m.put(new ArrowType.Time(TimeUnit.MICROSECOND, 64), "ttu");
        m.put(new ArrowType.Time(TimeUnit.NANOSECOND, 64), "ttn");
        m.put(new ArrowType.Timestamp(TimeUnit.SECOND, null), "tss:");
        m.put(new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC"), "tsm:UTC");
        m.put(new ArrowType.Timestamp(TimeUnit.MICROSECOND, "Europe/Paris"), "tsu:Europe/Paris");
        m.put(new ArrowType.Timestamp(TimeUnit.NANOSECOND, "+07:30"), "tsn:+07:30");
        m.put(new ArrowType.Duration(TimeUnit.SECOND), "tDs");
        m.put(new ArrowType.Duration(TimeUnit.MILLISECOND), "tDm");
        m.put(new ArrowType.Duration(TimeUnit.MICROSECOND), "tDu");
        m.put(new ArrowType.Duration(TimeUnit.NANOSECOND), "tDn");
        m.put(new ArrowType.Interval(IntervalUnit.YEAR_MONTH), "tiM");
        m.put(new ArrowType.Interval(IntervalUnit.DAY_TIME), "tiD");
        m.put(new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO), "tin");
        m.put(new ArrowType.List(ITEM), "+l");
        m.put(new ArrowType.LargeList(ITEM), "+L");
        m.put(new ArrowType.ListView(ITEM), "+vl");
        m.put(new ArrowType.LargeListView(ITEM), "+vL");
        m.put(new ArrowType.FixedSizeList(ITEM, 3), "+w:3");
        m.put(ArrowType.Struct.of(ITEM, Field.notNull("b", ArrowType.UTF8)), "+s");
        m.put(ArrowType.Map.of(ArrowType.UTF8, ArrowType.INT32, false), "+m");
        m.put(new ArrowType.Union(UnionMode.DENSE, List.of(ITEM, Field.nullable("u", ArrowType.UTF8)), List.of(5, 2)),
                "+ud:5,2");
        m.put(new ArrowType.Union(UnionMode.SPARSE, List.of(ITEM), List.of(0)), "+us:0");
        m.put(ArrowType.RunEndEncoded.of(ArrowType.INT32, ArrowType.UTF8), "+r");
        return m;
    }

    private static Field roundTrip(Field field, Arena arena, String expectedFormat) {
        MemorySegment c = arena.allocate(CData.ARROW_SCHEMA);
        CData.exportField(field, c);
        assertEquals(expectedFormat, CStructs.readCString(CStructs.pointer(c, CStructs.S_FORMAT), "format", "test"),
                field.toString());
        return CData.importField(c);
    }

    @Test
    void everyTypeHasItsFormatStringAndReadsBack() {
        try (Arena arena = Arena.ofConfined()) {
            formats().forEach((type, format) -> {
                Field field = Field.nullable("f", type);
                assertEquals(field, roundTrip(field, arena, format));
            });
        }
    }

    @Test
    void dictionariesCarryTheIndexFormatTheOrderedFlagAndTheValues() {
        try (Arena arena = Arena.ofConfined()) {
            Field field = Field.dictionary("d", ArrowType.UINT16, ArrowType.LARGE_UTF8, true, 4, false);
            MemorySegment c = arena.allocate(CData.ARROW_SCHEMA);
            CData.exportField(field, c);
            assertEquals(CStructs.FLAG_DICTIONARY_ORDERED, c.get(java.lang.foreign.ValueLayout.JAVA_LONG,
                    CStructs.S_FLAGS), "ordered, not nullable");
            assertEquals(field.withDictionaryId(null), CData.importField(c));
        }
    }

    @Test
    void mapKeysSortedIsAFlag() {
        try (Arena arena = Arena.ofConfined()) {
            Field field = Field.nullable("m", ArrowType.Map.of(ArrowType.UTF8, ArrowType.INT32, true));
            MemorySegment c = arena.allocate(CData.ARROW_SCHEMA);
            CData.exportField(field, c);
            assertEquals(CStructs.FLAG_NULLABLE | CStructs.FLAG_MAP_KEYS_SORTED,
                    c.get(java.lang.foreign.ValueLayout.JAVA_LONG, CStructs.S_FLAGS));
            assertEquals(field, CData.importField(c));
        }
    }

    @Test
    void extensionTypesTravelAsStorageWithTheirMetadataKeys() {
        try (Arena arena = Arena.ofConfined()) {
            Field uuid = new Field("id", new ArrowType.Extension("arrow.uuid", new ArrowType.FixedSizeBinary(16), ""),
                    true, null, Map.of("k", "v"));
            assertEquals(uuid, roundTrip(uuid, arena, "w:16"));
            Field unknown = new Field("x", ArrowType.INT64, true, null,
                    Map.of(ExtensionTypes.NAME_KEY, "not.registered", ExtensionTypes.METADATA_KEY, "m\u00e9ta"));
            assertEquals(unknown, roundTrip(unknown, arena, "l"), "an unknown extension keeps its keys");
        }
    }
}
