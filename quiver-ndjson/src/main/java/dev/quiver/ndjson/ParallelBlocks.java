// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ndjson;

import dev.quiver.core.batch.RecordBatch;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;
import java.util.function.Function;

/**
 * Blocks of whole lines ({@link LineBlocks}) parsed on worker threads, up to {@code threads + 1} at once,
 * their batches taken in input order. The caller's thread reads and cuts the input; a failure (of a
 * block's parse or of the input) reaches the caller after the batches before it.
 */
final class ParallelBlocks {
    /** A block parsed: its batch (null without rows), or unfinished (an object runs past its end). */
    record Parsed(RecordBatch batch, boolean unfinished) {
        static final Parsed UNFINISHED = new Parsed(null, true);
    }

    /** The next batch; or, with none, the unfinished block to parse from on; or neither at the end. */
    record Next(RecordBatch batch, LineBlocks.Block unfinished) {
    }

    private record InFlight(LineBlocks.Block block, Future<Parsed> future) {
    }

    private final LineBlocks blocks;
    private final ForkJoinPool pool;
    private final int depth;
    private final Function<LineBlocks.Block, Parsed> parse;
    private final ArrayDeque<InFlight> pending = new ArrayDeque<>();
    private boolean exhausted;

    ParallelBlocks(LineBlocks blocks, int threads, Function<LineBlocks.Block, Parsed> parse) {
        this.blocks = blocks;
        this.pool = new ForkJoinPool(threads);
        this.depth = threads + 1;
        this.parse = parse;
    }

    /** The next batch, the block an object runs past, or the end. */
    Next next() {
        while (true) {
            fill();
            InFlight head = pending.poll();
            if (head == null) {
                return new Next(null, null);
            }
            Parsed parsed = await(head);
            if (parsed.unfinished()) {
                return new Next(null, head.block());
            }
            if (parsed.batch() != null) {
                return new Next(parsed.batch(), null);
            }
        }
    }

    private void fill() {
        while (pending.size() < depth && !exhausted) {
            LineBlocks.Block block;
            try {
                block = blocks.next();
            } catch (IOException e) {
                exhausted = true;
                pending.add(new InFlight(null, CompletableFuture.failedFuture(NdjsonReader.readFailure(e, 0))));
                return;
            }
            if (block == null) {
                exhausted = true;
                return;
            }
            exhausted = block.last();
            pending.add(new InFlight(block, pool.submit(() -> parse.apply(block))));
        }
    }

    private static Parsed await(InFlight next) {
        try {
            return next.future().get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new NdjsonException(0, "", "cannot parse: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new NdjsonException(0, "", "interrupted while parsing", e);
        }
    }

    /**
     * The input from the start of {@code unfinished} on (its bytes, the blocks cut after it, the bytes read
     * past them, then {@code rest}), for the caller's thread to parse; the blocks after it are dropped.
     */
    InputStream takeOver(LineBlocks.Block unfinished, InputStream rest) {
        List<InputStream> parts = new ArrayList<>();
        parts.add(new ByteArrayInputStream(unfinished.bytes(), 0, unfinished.length()));
        for (InFlight later : pending) {
            later.future().cancel(true);
            if (later.block() != null) {
                parts.add(new ByteArrayInputStream(later.block().bytes(), 0, later.block().length()));
            }
        }
        pending.clear();
        parts.add(new ByteArrayInputStream(blocks.rest()));
        parts.add(rest);
        return new SequenceInputStream(Collections.enumeration(parts));
    }

    /** Drops the blocks in flight and stops the workers. */
    void close() {
        pending.forEach(f -> f.future().cancel(true));
        pending.clear();
        pool.shutdownNow();
    }
}
