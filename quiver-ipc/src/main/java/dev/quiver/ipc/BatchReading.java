// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ipc;

import dev.quiver.core.array.Array;
import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.Endianness;
import dev.quiver.core.type.Schema;
import java.util.ArrayList;
import java.util.List;

/** What the stream and file readers share: turning dictionary and record batch messages into data. */
final class BatchReading {
    private final Schema schema;
    private final IpcReadOptions options;
    private final DictionaryMemo dictionaries;

    BatchReading(Schema schema, IpcReadOptions options, boolean allowReplacement) {
        this.schema = schema;
        this.options = options;
        this.dictionaries = new DictionaryMemo(schema, allowReplacement, options);
    }

    private RecordBatchLoader loader(MessageReader.IpcMessage m, IpcReadOptions with) {
        return new RecordBatchLoader(with, schema.endianness() == Endianness.BIG, m.message().version());
    }

    void applyDictionary(MessageReader.IpcMessage m) {
        Header.Dictionary header = (Header.Dictionary) m.message().header();
        dictionaries.apply(header, m.body(), loader(m, options), m.describe());
    }

    RecordBatch recordBatch(MessageReader.IpcMessage m) {
        return recordBatch(m, options.allocator());
    }

    /** A record batch whose buffers (those not in the message's own memory) come from {@code allocator}. */
    RecordBatch recordBatch(MessageReader.IpcMessage m, BufferAllocator allocator) {
        Header.Batch header = (Header.Batch) m.message().header();
        IpcReadOptions with = allocator == options.allocator() ? options : options.withAllocator(allocator);
        List<ArrayData> columns = loader(m, with).load(schema.fields(), header, m.body(), dictionaries::get, m.describe());
        List<Array> arrays = new ArrayList<>(columns.size());
        for (ArrayData column : columns) {
            arrays.add(Array.ofUnchecked(column));
        }
        return new RecordBatch(schema, arrays, header.length());
    }
}
