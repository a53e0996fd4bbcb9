// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.batch;

import dev.quiver.core.QuiverException;
import dev.quiver.core.type.Schema;

/**
 * Schemas derived from Java types. A record's components become fields of the same names, in order:
 *
 * <table>
 * <caption>Java component types and their Arrow fields</caption>
 * <tr><th>Java</th><th>Arrow</th></tr>
 * <tr><td>{@code long}, {@code int}, {@code short}, {@code byte}</td><td>int64, int32, int16, int8</td></tr>
 * <tr><td>{@code double}, {@code float}</td><td>float64, float32</td></tr>
 * <tr><td>{@code boolean}</td><td>bool</td></tr>
 * <tr><td>{@code String}</td><td>utf8</td></tr>
 * <tr><td>{@code byte[]}</td><td>binary</td></tr>
 * <tr><td>{@code LocalDate}</td><td>date32</td></tr>
 * <tr><td>{@code LocalTime}</td><td>time64[us]</td></tr>
 * <tr><td>{@code Instant}</td><td>timestamp[us, tz=UTC]</td></tr>
 * <tr><td>{@code LocalDateTime}</td><td>timestamp[us] (no zone)</td></tr>
 * <tr><td>{@code Duration}</td><td>duration[us]</td></tr>
 * <tr><td>{@code List<T>}</td><td>list of T's field (named {@code item}, nullable)</td></tr>
 * <tr><td>a record</td><td>struct of its components</td></tr>
 * <tr><td>{@code Optional<T>}</td><td>T's field, nullable</td></tr>
 * </table>
 *
 * <p>Primitive components are not nullable; every other component is. {@code BigDecimal} is refused:
 * a decimal column needs a precision and scale a class does not give (build such a batch with
 * {@link RecordBatchBuilder#of} and a schema; {@link RecordBatch#toRecords} reads decimal columns into
 * {@code BigDecimal} components). Microseconds are the unit of the temporal types, as in most systems;
 * a value with finer nanoseconds is refused when written, never rounded.
 */
public final class Schemas {
    private Schemas() {
    }

    /**
     * The schema of a record class's components.
     *
     * @param type the record class
     * @return one field per component, in declaration order
     * @throws QuiverException naming the component whose type has no Arrow counterpart
     */
    public static Schema fromRecord(Class<? extends Record> type) {
        return RecordMapping.of(type).schema();
    }
}
