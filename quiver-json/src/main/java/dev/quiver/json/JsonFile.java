// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import dev.quiver.core.array.ArrayData;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.type.Schema;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The content of an integration JSON file: the schema, the dictionaries by id (each the data of the
 * dictionary's values; the batches' dictionary-encoded columns share them) and the record batches.
 *
 * @param schema the schema of every batch
 * @param dictionaries the dictionaries by id, in the order given; the writer adds those the batches'
 *     columns carry that are not here
 * @param batches the record batches, in order
 */
public record JsonFile(Schema schema, Map<Long, ArrayData> dictionaries, List<RecordBatch> batches) {
    /**
     * Keeps unmodifiable copies of the dictionaries (in their order) and the batches.
     *
     * @throws NullPointerException if an argument or a batch is null
     */
    public JsonFile {
        Objects.requireNonNull(schema, "schema");
        dictionaries = Collections.unmodifiableMap(new LinkedHashMap<>(dictionaries));
        batches = List.copyOf(batches);
    }

    /**
     * A file whose dictionaries are those the batches' columns carry.
     *
     * @param schema the schema of every batch
     * @param batches the record batches, in order
     */
    public JsonFile(Schema schema, List<RecordBatch> batches) {
        this(schema, Map.of(), batches);
    }
}
