// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.read;

import dev.quiver.core.QuiverException;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.parquet.ParquetException;
import dev.quiver.parquet.format.FileMetaData;
import dev.quiver.parquet.format.KeyValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A file's schema: the Parquet tree, its leaves, and the Arrow nodes and schema they are read as.
 *
 * @param root the Parquet schema's root
 * @param leaves the leaf columns in order
 * @param nodes the Arrow nodes of the top-level fields
 * @param schema the Arrow schema read
 */
record FileSchema(ParquetNode root, List<LeafColumn> leaves, List<ArrowNode> nodes, Schema schema) {
    /**
     * Maps a footer's schema.
     *
     * @param meta the footer
     * @return the schema
     * @throws ParquetException if the schema is malformed or a type cannot be read
     */
    static FileSchema of(FileMetaData meta) {
        try {
            ParquetNode root = ParquetNode.build(meta.schema());
            List<LeafColumn> leaves = new ArrayList<>();
            root.collectLeaves(leaves);
            List<ArrowNode> nodes = SchemaMapping.map(root);
            Map<String, String> metadata = new LinkedHashMap<>();
            String stored = null;
            if (meta.keyValueMetadata() != null) {
                for (KeyValue kv : meta.keyValueMetadata()) {
                    if (StoredSchema.KEY.equals(kv.key())) {
                        stored = kv.value();
                    } else if (kv.value() != null) {
                        metadata.put(kv.key(), kv.value());
                    }
                }
            }
            if (stored != null) {
                Optional<Schema> arrow = StoredSchema.decode(stored);
                if (arrow.isPresent()) {
                    nodes = StoredSchema.apply(nodes, arrow.get());
                }
            }
            List<Field> fields = new ArrayList<>();
            for (ArrowNode n : nodes) {
                fields.add(n.field());
            }
            return new FileSchema(root, List.copyOf(leaves), List.copyOf(nodes), new Schema(fields, metadata, dev.quiver.core.type.Endianness.LITTLE));
        } catch (ParquetException e) {
            throw e;
        } catch (QuiverException e) {
            throw new ParquetException("the file's schema cannot be read as Arrow: " + e.getMessage(), e);
        }
    }
}
