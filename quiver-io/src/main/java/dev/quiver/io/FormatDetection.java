// SPDX-License-Identifier: Apache-2.0
package dev.quiver.io;

import dev.quiver.ipc.IpcFileReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * Which format a file holds, from its first bytes: {@code ARROW1} starts an IPC file; the continuation
 * marker {@code 0xFFFFFFFF} starts an IPC stream (and, before format 0.15, a positive little-endian
 * metadata length did); integration JSON is an object whose first member is {@code "schema"} (after
 * white space), or gzip-compressed such text; NDJSON starts with any other object; CSV and TSV are text
 * whose first line holds a comma or a tab. And which format a name asks for, from its extension.
 */
final class FormatDetection {
    /** What is read to recognize a format: {@code ARROW1}, JSON's first tokens, a CSV header line. */
    private static final int PEEK = 4096;

    private FormatDetection() {
    }

    /** The format of the content of {@code path}. */
    static ArrowFormat ofContent(Path path) {
        byte[] head;
        try (InputStream in = Files.newInputStream(path)) {
            head = in.readNBytes(PEEK);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path + ": " + e.getMessage(), e);
        }
        if (head.length == 0) {
            throw new UnknownFormatException(path + ": the file is empty, not Arrow IPC, integration JSON, NDJSON,"
                    + " CSV or TSV");
        }
        if (IpcFileReader.startsWithMagic(head)) {
            return ArrowFormat.FILE;
        }
        if (startsWith(head, 'P', 'A', 'R', '1')) {
            return ArrowFormat.PARQUET;
        }
        if (startsWith(head, 0xFF, 0xFF, 0xFF, 0xFF)) {
            return ArrowFormat.STREAM;
        }
        if (startsWith(head, 0x1F, 0x8B)) {
            if (JsonStart.of(gunzipHead(path)) == JsonStart.INTEGRATION) {
                return ArrowFormat.JSON;
            }
            throw new UnknownFormatException(path + ": gzip-compressed, but not integration JSON (the only"
                    + " compressed text read)");
        }
        switch (JsonStart.of(head)) {
            case INTEGRATION -> {
                return ArrowFormat.JSON;
            }
            case OTHER_OBJECT -> {
                return ArrowFormat.NDJSON;
            }
            case NONE -> {
            }
        }
        if (isLegacyStreamPrefix(head)) {
            return ArrowFormat.STREAM;
        }
        ArrowFormat delimited = delimitedText(head);
        if (delimited != null) {
            return delimited;
        }
        throw new UnknownFormatException(path + ": not Arrow IPC, Parquet, integration JSON, NDJSON, CSV or TSV: it starts"
                + " with " + hex(head) + " (an IPC file starts with ARROW1, a Parquet file with PAR1, an IPC stream with FF FF FF FF, JSON with"
                + " {, CSV and TSV with a line of text holding a comma or a tab)");
    }

    /** The format a file name asks for, or null. */
    static ArrowFormat byName(Path path) {
        Path fileName = path.getFileName();
        if (fileName == null) {
            return null;
        }
        String name = fileName.toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".arrow") || name.endsWith(".arrow_file") || name.endsWith(".feather")) {
            return ArrowFormat.FILE;
        }
        if (name.endsWith(".arrows") || name.endsWith(".stream")) {
            return ArrowFormat.STREAM;
        }
        if (name.endsWith(".json") || name.endsWith(".json.gz")) {
            return ArrowFormat.JSON;
        }
        if (name.endsWith(".csv")) {
            return ArrowFormat.CSV;
        }
        if (name.endsWith(".tsv")) {
            return ArrowFormat.TSV;
        }
        if (name.endsWith(".ndjson") || name.endsWith(".jsonl")) {
            return ArrowFormat.NDJSON;
        }
        if (name.endsWith(".parquet") || name.endsWith(".parq")) {
            return ArrowFormat.PARQUET;
        }
        return null;
    }

    /** The format a file name asks for, to write it. */
    static ArrowFormat toWrite(Path path) {
        ArrowFormat format = byName(path);
        if (format == null) {
            throw new UnknownFormatException(path + ": no format for this name: name it .arrow or .feather (IPC"
                    + " file), .arrows (IPC stream), .json or .json.gz (integration JSON), .csv, .tsv, .ndjson,"
                    + " .jsonl or .parquet, or give the format in the options");
        }
        return format;
    }

    private static boolean startsWith(byte[] head, int... prefix) {
        if (head.length < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if ((head[i] & 0xFF) != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * A stream written before format 0.15: a little-endian int32 metadata length, then the flatbuffer of
     * the schema message (padded to 8 bytes), whose first int32 (its root offset) is positive and within it.
     */
    private static boolean isLegacyStreamPrefix(byte[] head) {
        if (head.length < 8) {
            return false;
        }
        int length = littleEndianInt(head, 0);
        int rootOffset = littleEndianInt(head, 4);
        return length > 0 && length % 8 == 0 && rootOffset > 0 && rootOffset < length;
    }

    private static int littleEndianInt(byte[] b, int at) {
        return (b[at] & 0xFF) | (b[at + 1] & 0xFF) << 8 | (b[at + 2] & 0xFF) << 16 | (b[at + 3] & 0xFF) << 24;
    }

    /**
     * CSV or TSV: a first line (ended within {@code head}, or the whole file) of text — no control
     * character but tab and CR — holding a tab (TSV) or else a comma (CSV); null otherwise.
     */
    private static ArrowFormat delimitedText(byte[] head) {
        boolean tab = false;
        boolean comma = false;
        for (byte b : head) {
            if (b == '\n') {
                break;
            }
            if (b == '\t') {
                tab = true;
            } else if (b == ',') {
                comma = true;
            } else if (b >= 0 && b < 0x20 && b != '\r' || b == 0x7F) {
                return null;
            }
        }
        return tab ? ArrowFormat.TSV : comma ? ArrowFormat.CSV : null;
    }

    private static byte[] gunzipHead(Path path) {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(path))) {
            return in.readNBytes(PEEK);
        } catch (ZipException | java.io.EOFException e) {
            throw new UnknownFormatException(path + ": gzip-compressed content that cannot be decompressed: "
                    + e.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path + ": " + e.getMessage(), e);
        }
    }

    private static String hex(byte[] head) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < Math.min(8, head.length); i++) {
            sb.append(i == 0 ? "" : " ").append(String.format(Locale.ROOT, "%02X", head[i] & 0xFF));
        }
        return sb.toString();
    }

    /** How a text starts, as JSON: integration JSON, another object (NDJSON's first line), or no object. */
    private enum JsonStart {
        INTEGRATION, OTHER_OBJECT, NONE;

        private static final byte[] SCHEMA = {'"', 's', 'c', 'h', 'e', 'm', 'a', '"'};

        /**
         * Integration JSON: an opening brace, then (after white space) the member {@code "schema"} whose
         * value is an object, or the closing brace, or the end of what was read; any other member opens
         * an NDJSON object.
         */
        static JsonStart of(byte[] head) {
            int i = skipWhiteSpace(head, 0);
            if (i >= head.length || head[i] != '{') {
                return NONE;
            }
            i = skipWhiteSpace(head, i + 1);
            if (i >= head.length || head[i] == '}') {
                return INTEGRATION;
            }
            if (head[i] != '"') {
                return NONE;
            }
            int j = 0;
            while (j < SCHEMA.length && i + j < head.length && head[i + j] == SCHEMA[j]) {
                j++;
            }
            if (i + j == head.length) {
                return INTEGRATION;
            }
            if (j < SCHEMA.length) {
                return OTHER_OBJECT;
            }
            i = skipWhiteSpace(head, i + j);
            if (i < head.length && head[i] == ':') {
                i = skipWhiteSpace(head, i + 1);
            }
            return i >= head.length || head[i] == '{' ? INTEGRATION : OTHER_OBJECT;
        }

        private static int skipWhiteSpace(byte[] head, int from) {
            int i = from;
            while (i < head.length && (head[i] == ' ' || head[i] == '\t' || head[i] == '\n' || head[i] == '\r')) {
                i++;
            }
            return i;
        }
    }
}
