// SPDX-License-Identifier: Apache-2.0
package dev.quiver.io;

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
 * metadata length did); integration JSON starts with an opening brace, then a quote or a closing brace
 * (after white space), or is gzip-compressed such text. And which format a name asks for, from its extension.
 */
final class FormatDetection {
    /** What is read to recognize a format: enough for {@code ARROW1} and for JSON's first two tokens. */
    private static final int PEEK = 64;

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
            throw new UnknownFormatException(path + ": the file is empty, not Arrow IPC or integration JSON");
        }
        if (startsWith(head, 'A', 'R', 'R', 'O', 'W', '1')) {
            return ArrowFormat.FILE;
        }
        if (startsWith(head, 0xFF, 0xFF, 0xFF, 0xFF)) {
            return ArrowFormat.STREAM;
        }
        if (isJsonObject(head) || startsWith(head, 0x1F, 0x8B) && isJsonObject(gunzipHead(path))) {
            return ArrowFormat.JSON;
        }
        if (isLegacyStreamPrefix(head)) {
            return ArrowFormat.STREAM;
        }
        throw new UnknownFormatException(path + ": not Arrow IPC or integration JSON: it starts with "
                + hex(head) + " (an IPC file starts with ARROW1, an IPC stream with FF FF FF FF, JSON with {)");
    }

    /** The format a file name asks for: {@code .arrow}, {@code .feather}, {@code .arrows}, {@code .json[.gz]}. */
    static ArrowFormat ofName(Path path) {
        String name = path.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".arrow") || name.endsWith(".feather")) {
            return ArrowFormat.FILE;
        }
        if (name.endsWith(".arrows")) {
            return ArrowFormat.STREAM;
        }
        if (name.endsWith(".json") || name.endsWith(".json.gz")) {
            return ArrowFormat.JSON;
        }
        throw new UnknownFormatException(path + ": no format for this name: name it .arrow or .feather (IPC file),"
                + " .arrows (IPC stream), .json or .json.gz (integration JSON), or give the format in the options");
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

    /** A JSON object: an opening brace, then (after white space) a member name or the closing brace. */
    private static boolean isJsonObject(byte[] head) {
        int i = skipWhiteSpace(head, 0);
        if (i >= head.length || head[i] != '{') {
            return false;
        }
        i = skipWhiteSpace(head, i + 1);
        return i >= head.length || head[i] == '"' || head[i] == '}';
    }

    private static int skipWhiteSpace(byte[] head, int from) {
        int i = from;
        while (i < head.length && (head[i] == ' ' || head[i] == '\t' || head[i] == '\n' || head[i] == '\r')) {
            i++;
        }
        return i;
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
}
