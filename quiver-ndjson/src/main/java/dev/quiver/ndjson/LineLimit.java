// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ndjson;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * The input, refusing a line longer than a limit as soon as its bytes pass by (before the parser holds
 * them), and counting lines to say which one.
 */
final class LineLimit extends FilterInputStream {
    /** A line longer than the limit, at {@link #line}. */
    static final class TooLong extends IOException {
        private static final long serialVersionUID = 1L;
        final long line;

        TooLong(long line, int limit) {
            super("the line is longer than " + limit + " bytes, the limit of a line (NdjsonLimits.withMaxLineBytes)");
            this.line = line;
        }
    }

    private final int limit;
    private long line = 1;
    private long run;
    private TooLong failure;

    LineLimit(InputStream in, int limit) {
        super(in);
        this.limit = limit;
    }

    @Override
    public int read() throws IOException {
        if (failure != null) {
            throw failure;
        }
        int b = in.read();
        if (b >= 0) {
            see((byte) b);
        }
        return b;
    }

    /** The bytes before the line that passed the limit go out first; the failure comes at the next read. */
    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (failure != null) {
            throw failure;
        }
        int n = in.read(b, off, len);
        for (int i = off; i < off + n; i++) {
            try {
                see(b[i]);
            } catch (TooLong e) {
                if (i == off) {
                    throw e;
                }
                failure = e;
                return i - off;
            }
        }
        return n;
    }

    private void see(byte b) throws TooLong {
        if (b == '\n') {
            line++;
            run = 0;
        } else if (++run > limit) {
            throw new TooLong(line, limit);
        }
    }

    @Override
    public long skip(long n) throws IOException {
        return n <= 0 ? 0 : Math.max(0, read(new byte[(int) Math.min(n, 8192)]));
    }

    @Override
    public boolean markSupported() {
        return false;
    }
}
