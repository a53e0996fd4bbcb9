// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import java.lang.foreign.MemorySegment;
import java.util.List;

/** A message body ready to write: each buffer's bytes and its offset in the body, and the padded length. */
record MessageBody(List<MemorySegment> buffers, long[] offsets, long length) {
    static final MessageBody EMPTY = new MessageBody(List.of(), new long[0], 0);
}
