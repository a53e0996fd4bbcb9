// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.write;

import dev.quiver.core.type.Schema;
import dev.quiver.ipc.IpcStreamWriter;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;

/**
 * The Arrow schema stored in a Parquet file's key-value metadata as Arrow C++ stores it: the IPC schema
 * message (continuation marker, length, flatbuffer, padding) in base64, under {@code ARROW:schema}.
 */
public final class ArrowSchemaMetadata {
    /** The key-value metadata key. */
    public static final String KEY = "ARROW:schema";
    /** The end-of-stream marker an IPC stream ends with: continuation and a zero length. */
    private static final int END_OF_STREAM = 8;

    private ArrowSchemaMetadata() {
    }

    /**
     * The base64 of a schema's IPC message (without an {@code ARROW:schema} entry of its own metadata).
     *
     * @param schema the schema
     * @return the value to store
     */
    public static String encode(Schema schema) {
        Map<String, String> metadata = new HashMap<>(schema.metadata());
        metadata.remove(KEY);
        Schema stored = schema.withMetadata(metadata);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (IpcStreamWriter writer = IpcStreamWriter.open(bytes, stored)) {
            // the schema message is written on open; closing adds the end-of-stream marker
        }
        byte[] stream = bytes.toByteArray();
        return Base64.getEncoder().encodeToString(Arrays.copyOf(stream, stream.length - END_OF_STREAM));
    }
}
