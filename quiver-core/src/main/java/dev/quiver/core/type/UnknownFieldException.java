// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.type;

import dev.quiver.core.QuiverException;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A field or column asked for by a name that no field has; the message lists the names there are. Thrown
 * alike by {@link Schema#field(String)}, {@code RecordBatch} and {@code Table}.
 */
public final class UnknownFieldException extends QuiverException {
    private static final long serialVersionUID = 1L;

    /**
     * An exception for a name missing from {@code fields}.
     *
     * @param name the name asked for
     * @param fields the fields there are
     */
    public UnknownFieldException(String name, List<Field> fields) {
        super("no field named " + quote(name) + "; the fields are "
                + (fields.isEmpty() ? "none" : fields.stream().map(f -> quote(f.name()))
                        .collect(Collectors.joining(", "))));
    }

    private static String quote(String name) {
        return "'" + name + "'";
    }
}
