// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;

/**
 * A child process of {@link StaleTemporaryFilesTest}: starts an output to the path it is given, writes
 * to it, says "writing" with the temporary file's path on standard output, then keeps writing until it
 * is killed, never committing.
 */
final class KilledWriter {
    private KilledWriter() {
    }

    /**
     * Writes until killed.
     *
     * @param args the target path
     * @throws IOException if writing fails
     * @throws InterruptedException never expected: the process is killed while it sleeps or writes
     */
    public static void main(String[] args) throws IOException, InterruptedException {
        AtomicFileOutput file = AtomicFileOutput.create(Path.of(args[0]));
        OutputStream out = file.stream();
        out.write(new byte[4096]);
        System.out.println("writing " + file.temporary());
        System.out.flush();
        while (true) {
            out.write(new byte[4096]);
            Thread.sleep(10);
        }
    }
}
