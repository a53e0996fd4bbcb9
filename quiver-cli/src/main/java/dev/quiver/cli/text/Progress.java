// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.text;

import java.io.PrintStream;
import java.util.Locale;

/**
 * A progress bar on stderr for steps that take more than a moment: drawn only when stderr is a
 * terminal (the launcher tells, as {@code -Dquiver.stderr.tty=true}), first after half a second, and
 * erased when the step ends. Otherwise it prints nothing.
 */
public final class Progress implements AutoCloseable {
    private static final long DELAY_NANOS = 500_000_000L;
    private static final long REDRAW_NANOS = 100_000_000L;
    private static final int WIDTH = 30;

    private final PrintStream err;
    private final String label;
    private final long total;
    private final long start = System.nanoTime();
    private long done;
    private long lastDraw;
    private boolean drawn;

    private Progress(PrintStream err, String label, long total) {
        this.err = err;
        this.label = label;
        this.total = Math.max(1, total);
    }

    /** Whether progress bars are drawn in this process. */
    public static boolean enabled() {
        return Boolean.getBoolean("quiver.stderr.tty");
    }

    /** A bar for a step of {@code total} units (rows, batches, bytes), or a silent one when disabled. */
    public static Progress start(String label, long total) {
        return new Progress(enabled() ? System.err : null, label, total);
    }

    /** Counts {@code units} more as done. */
    public void advance(long units) {
        done += units;
        if (err == null) {
            return;
        }
        long now = System.nanoTime();
        if (now - start >= DELAY_NANOS && now - lastDraw >= REDRAW_NANOS) {
            lastDraw = now;
            drawn = true;
            double fraction = Math.min(1.0, (double) done / total);
            int filled = (int) Math.round(fraction * WIDTH);
            err.print(String.format(Locale.ROOT, "\r%-28s [%s%s] %3d%%", label, "#".repeat(filled),
                    " ".repeat(WIDTH - filled), (int) Math.round(fraction * 100)));
            err.flush();
        }
    }

    /** Erases the bar if it was drawn. */
    @Override
    public void close() {
        if (drawn) {
            err.print("\r" + " ".repeat(28 + WIDTH + 8) + "\r");
            err.flush();
        }
    }
}
