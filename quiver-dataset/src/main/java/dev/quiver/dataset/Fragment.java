// SPDX-License-Identifier: Apache-2.0
package dev.quiver.dataset;

import dev.quiver.io.ArrowFormat;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One file of a dataset: where it is, its format and size, and the values its directories give the
 * partition keys.
 *
 * @param path the file
 * @param format its format
 * @param size its size in bytes when the dataset was opened
 * @param partition key to value, or null, in the keys' order; a value is of the class the key's array
 *     gives back ({@code Integer} for an {@code int32} key, {@code String} for {@code utf8})
 */
public record Fragment(Path path, ArrowFormat format, long size, Map<String, Object> partition) {
    /**
     * Checks and copies the parts.
     *
     * @throws NullPointerException if the path, format or partition map is null
     */
    public Fragment {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(format, "format");
        partition = Collections.unmodifiableMap(new LinkedHashMap<>(partition));
    }

    /**
     * The value of a partition key for this file.
     *
     * @param key the key
     * @return its value, or null if the file's directories give it none
     * @throws DatasetException if the dataset has no such key
     */
    public Object partitionValue(String key) {
        if (!partition.containsKey(key)) {
            throw new DatasetException("no partition key '" + key + "' (keys: " + partition.keySet() + ")");
        }
        return partition.get(key);
    }
}
