// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.read;

import java.util.concurrent.atomic.LongAdder;

/** The data pages a reader decoded and those it skipped through the page index, counted across its decoding threads. */
public final class PageCounts {
    private final LongAdder read = new LongAdder();
    private final LongAdder skipped = new LongAdder();

    /** New counts of zero. */
    public PageCounts() {
    }

    void pageRead() {
        read.increment();
    }

    void pagesSkipped(long n) {
        skipped.add(n);
    }

    /**
     * The data pages decoded so far.
     *
     * @return the count
     */
    public long read() {
        return read.sum();
    }

    /**
     * The data pages left unread so far because the page index showed they hold no row wanted.
     *
     * @return the count
     */
    public long skipped() {
        return skipped.sum();
    }
}
