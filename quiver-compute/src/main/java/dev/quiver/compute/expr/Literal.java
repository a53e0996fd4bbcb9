// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.expr;

import dev.quiver.compute.ComputeException;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.DateUnit;
import java.math.BigDecimal;
import java.time.LocalDate;

/**
 * One value and its type.
 *
 * @param value the Java value ({@code null} for a null)
 * @param type its Arrow type
 */
public record Literal(Object value, ArrowType type) implements Expression {
    /**
     * A literal typed from its Java value.
     *
     * @param value a Long, Integer, Double, String, Boolean, BigDecimal, LocalDate or null
     * @return the literal
     * @throws ComputeException if no Arrow type fits the value's class
     */
    public static Literal of(Object value) {
        ArrowType type = switch (value) {
            case null -> ArrowType.NULL;
            case Long v -> ArrowType.INT64;
            case Integer v -> ArrowType.INT32;
            case Double v -> ArrowType.FLOAT64;
            case String v -> ArrowType.UTF8;
            case Boolean v -> ArrowType.BOOL;
            case BigDecimal v -> new ArrowType.Decimal(Math.max(1, Math.max(v.precision(), v.scale() + 1)),
                    Math.max(0, v.scale()), 128);
            case LocalDate v -> new ArrowType.Date(DateUnit.DAY);
            default -> throw new ComputeException("expression: no Arrow type for a literal of " + value.getClass());
        };
        return new Literal(value, type);
    }

    @Override
    public String toString() {
        if (value instanceof String s) {
            return "'" + s.replace("'", "''") + "'";
        }
        return String.valueOf(value);
    }
}
