// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.cli.text.Sizes;
import dev.quiver.core.memory.LittleEndian;
import dev.quiver.core.text.TextTable;
import dev.quiver.parquet.ParquetException;
import dev.quiver.parquet.ParquetFile;
import dev.quiver.parquet.format.ColumnChunk;
import dev.quiver.parquet.format.ColumnMetaData;
import dev.quiver.parquet.format.CompressionCodec;
import dev.quiver.parquet.format.Encoding;
import dev.quiver.parquet.format.FileMetaData;
import dev.quiver.parquet.format.PhysicalType;
import dev.quiver.parquet.format.RowGroup;
import dev.quiver.parquet.format.Statistics;
import java.io.PrintWriter;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/** What {@code stats} adds for a Parquet file: its footer's row groups and, per column chunk, encodings, sizes and statistics. */
final class ParquetStats {
    /** Bounds longer than this are cut in the table. */
    private static final int BOUND_WIDTH = 24;

    private ParquetStats() {
    }

    /** Prints the writer, the row groups and one line per column chunk. */
    static void print(PrintWriter out, Path file) {
        FileMetaData meta;
        try (ParquetFile parquet = ParquetFile.open(file)) {
            meta = parquet.metadata();
        } catch (ParquetException e) {
            throw new CliException(file + ": " + e.getMessage(), e);
        }
        out.println("created by:  " + (meta.createdBy() == null ? "(not said)" : meta.createdBy()));
        out.println("row groups:  " + meta.rowGroups().size());
        TextTable table = new TextTable(List.of("group", "rows", "column", "type", "codec", "encodings", "stored",
                "plain", "nulls", "min", "max"), false, false, true, true);
        for (int g = 0; g < meta.rowGroups().size(); g++) {
            RowGroup group = meta.rowGroups().get(g);
            for (ColumnChunk chunk : group.columns()) {
                ColumnMetaData c = chunk.metaData();
                if (c == null) {
                    continue;
                }
                List<String> encodings = new ArrayList<>();
                for (int e : c.encodings()) {
                    encodings.add(Encoding.name(e));
                }
                Statistics s = c.statistics();
                byte[] min = s == null ? null : s.minValue() != null ? s.minValue() : s.min();
                byte[] max = s == null ? null : s.maxValue() != null ? s.maxValue() : s.max();
                table.add(Integer.toString(g), Long.toString(group.numRows()), String.join(".", c.pathInSchema()),
                        PhysicalType.name(c.type()), CompressionCodec.name(c.codec()), String.join(",", encodings),
                        Sizes.bytes(c.totalCompressedSize()), Sizes.bytes(c.totalUncompressedSize()),
                        s == null || s.nullCount() == null ? "" : Long.toString(s.nullCount()), bound(c.type(), min),
                        bound(c.type(), max));
            }
        }
        out.println();
        table.print(out, "");
    }

    /** A bound as a value of its physical type: numbers, booleans, UTF-8 text, else hexadecimal. */
    private static String bound(int type, byte[] b) {
        if (b == null) {
            return "";
        }
        MemorySegment s = MemorySegment.ofArray(b);
        String text = switch (type) {
            case PhysicalType.BOOLEAN -> b.length == 1 ? Boolean.toString(b[0] != 0) : null;
            case PhysicalType.INT32 -> b.length == 4 ? Integer.toString(s.get(LittleEndian.INT, 0)) : null;
            case PhysicalType.INT64 -> b.length == 8 ? Long.toString(s.get(LittleEndian.LONG, 0)) : null;
            case PhysicalType.FLOAT -> b.length == 4 ? Float.toString(s.get(LittleEndian.FLOAT, 0)) : null;
            case PhysicalType.DOUBLE -> b.length == 8 ? Double.toString(s.get(LittleEndian.DOUBLE, 0)) : null;
            case PhysicalType.BYTE_ARRAY -> utf8(b);
            default -> null;
        };
        if (text == null) {
            text = "0x" + HexFormat.of().formatHex(b);
        }
        return text.length() > BOUND_WIDTH ? text.substring(0, BOUND_WIDTH - 1) + "…" : text;
    }

    private static String utf8(byte[] b) {
        try {
            return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(b)).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }
}
