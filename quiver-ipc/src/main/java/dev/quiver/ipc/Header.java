// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.type.Schema;
import dev.quiver.ipc.compression.CompressionType;
import java.util.Map;

/** The decoded header of one IPC message: plain values, read out of the flatbuffer once. */
sealed interface Header {
    /** A short name for error messages. */
    String kind();

    /** A Schema message. */
    record SchemaHeader(Schema schema) implements Header {
        public String kind() {
            return "schema";
        }
    }

    /**
     * A RecordBatch (or the data of a DictionaryBatch): the row count, field nodes as (length, null
     * count) pairs, buffers as (offset, length) pairs, variadic buffer counts, and the codec (or null).
     */
    record Batch(long length, long[] nodes, long[] buffers, long[] variadicCounts, CompressionType compression)
            implements Header {
        public String kind() {
            return "record batch";
        }

        int nodeCount() {
            return nodes.length / 2;
        }

        int bufferCount() {
            return buffers.length / 2;
        }
    }

    /** A DictionaryBatch. */
    record Dictionary(long id, boolean delta, Batch data) implements Header {
        public String kind() {
            return (delta ? "delta " : "") + "dictionary batch (id " + id + ")";
        }
    }

    /** A decoded Message: metadata version, header, body length and custom metadata. */
    record Message(short version, Header header, long bodyLength, Map<String, String> customMetadata) {
    }

    /** A File.fbs Block: where a message lies in a file. */
    record Block(long offset, int metadataLength, long bodyLength) {
    }

    /** A decoded File.fbs Footer. */
    record Footer(Schema schema, java.util.List<Block> dictionaries, java.util.List<Block> recordBatches,
            Map<String, String> customMetadata) {
    }
}
