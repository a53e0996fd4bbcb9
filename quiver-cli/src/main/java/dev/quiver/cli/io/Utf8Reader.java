// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.io;

import dev.quiver.cli.CliException;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;

/**
 * The text of a UTF-8 file, decoded strictly: a byte sequence that is not UTF-8 is an error naming its
 * line and column (never a silent U+FFFD). A byte order mark at the start is dropped. Lines end at LF,
 * CR LF or CR, as CSV counts them; columns count characters (code points) from 1.
 */
final class Utf8Reader extends Reader {
    private static final int BUFFER = 1 << 16;
    private static final char BYTE_ORDER_MARK = '\uFEFF';

    private final Path path;
    private final InputStream in;
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
    private final ByteBuffer bytes = ByteBuffer.allocate(BUFFER).flip();
    private final CharBuffer chars = CharBuffer.allocate(BUFFER).flip();
    private boolean endOfInput;
    private boolean flushed;
    private boolean started;
    private long line = 1;
    private long column = 1;
    private boolean afterCr;

    /** Opens {@code path} for reading. */
    Utf8Reader(Path path) throws IOException {
        this.path = path;
        this.in = Files.newInputStream(path);
    }

    @Override
    public int read(char[] target, int offset, int length) throws IOException {
        if (length == 0) {
            return 0;
        }
        if (!chars.hasRemaining() && !fill()) {
            return -1;
        }
        int n = Math.min(length, chars.remaining());
        chars.get(target, offset, n);
        return n;
    }

    /** Decodes more characters; false at the end of the input. */
    private boolean fill() throws IOException {
        chars.clear();
        while (chars.position() == 0) {
            if (!endOfInput) {
                readBytes();
            }
            int before = chars.position();
            CoderResult result = decoder.decode(bytes, chars, endOfInput);
            if (result.isError()) {
                advance(before, chars.position());
                throw new CliException(path + ", line " + line + ", column " + column + ": not valid UTF-8 (byte 0x"
                        + HexFormat.of().withUpperCase().toHexDigits(bytes.get(bytes.position())) + ")");
            }
            if (endOfInput && !bytes.hasRemaining()) {
                if (!flushed) {
                    decoder.flush(chars);
                    flushed = true;
                }
                if (chars.position() == 0) {
                    return false;
                }
            }
        }
        advance(0, chars.position());
        chars.flip();
        if (!started) {
            started = true;
            if (chars.hasRemaining() && chars.get(chars.position()) == BYTE_ORDER_MARK) {
                chars.get();
            }
        }
        return true;
    }

    private void readBytes() throws IOException {
        bytes.compact();
        int n = in.read(bytes.array(), bytes.position(), bytes.remaining());
        if (n < 0) {
            endOfInput = true;
        } else {
            bytes.position(bytes.position() + n);
        }
        bytes.flip();
    }

    /** Moves the line and column past the characters decoded in {@code [from, to)} of the buffer. */
    private void advance(int from, int to) {
        for (int i = from; i < to; i++) {
            char c = chars.get(i);
            if (c == '\n') {
                if (!afterCr) {
                    line++;
                }
                column = 1;
            } else if (c == '\r') {
                line++;
                column = 1;
            } else if (!Character.isLowSurrogate(c) && !(i == 0 && !started && c == BYTE_ORDER_MARK)) {
                column++;
            }
            afterCr = c == '\r';
        }
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
