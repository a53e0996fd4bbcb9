// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.expr;

import dev.quiver.compute.ComputeException;
import dev.quiver.core.type.Schema;
import java.util.List;

/**
 * A typed expression over the columns of a record batch: a {@link FieldRef} (a column, or a path into struct
 * columns), a {@link Literal} (one value) or a {@link Call} of a registered function by name. Expressions are
 * immutable records: inspect them by pattern matching (a scanner can translate {@code field op literal}
 * comparisons into statistics pruning). {@link #bind} checks names and types against a schema and inserts the
 * implicit casts; the bound expression is then evaluated batch by batch.
 *
 * <pre>{@code
 * Expression e = Expression.parse("id >= 100 and name in ('a', 'b') and not is_null(x)");
 * BoundExpression bound = e.bind(batch.schema());
 * Array mask = bound.evaluate(batch);              // boolean, one value per row
 * Expression same = Expression.call("and_kleene",
 *         Expression.call("greater_equal", Expression.field("id"), Expression.literal(100L)),
 *         Expression.isIn(Expression.field("name"), "a", "b"));
 * switch (e) {
 *     case Call c when c.function().equals("and_kleene") -> c.arguments();   // inspect the conjuncts
 *     default -> List.of();
 * }
 * }</pre>
 *
 * <p>The text syntax ({@link #parse}) is documented in {@link ExpressionParser}.
 */
public sealed interface Expression permits FieldRef, Literal, Call {
    /**
     * Binds the expression to a schema: every field must exist, every call must name a registered function with
     * arguments of types it takes (after Arrow's implicit casts).
     *
     * @param schema the schema of the batches it will run on
     * @return the bound expression
     * @throws ComputeException naming the unknown field, the function or the argument whose type does not fit
     */
    default BoundExpression bind(Schema schema) {
        return Binder.bind(this, schema);
    }

    /**
     * Parses the text syntax.
     *
     * @param text the expression, such as {@code id >= 100 and not is_null(x)}
     * @return the expression
     * @throws ComputeException naming the position where the text stops making sense
     */
    static Expression parse(String text) {
        return new ExpressionParser(text).parse();
    }

    /**
     * A reference to a column or, with several names, a field inside struct columns.
     *
     * @param path the column name, then the struct field names
     * @return the reference
     */
    static Expression field(String... path) {
        return new FieldRef(List.of(path));
    }

    /**
     * A literal of the type its Java value suggests (Long int64, Integer int32, Double float64, String utf8,
     * Boolean bool, BigDecimal decimal128, LocalDate date32, null the null type).
     *
     * @param value the value
     * @return the literal
     * @throws ComputeException if no Arrow type fits the value's class
     */
    static Expression literal(Object value) {
        return Literal.of(value);
    }

    /**
     * A call of a registered function.
     *
     * @param function the function's name, as in pyarrow.compute ({@code add}, {@code less}, {@code and_kleene},
     *     {@code is_null}, ...)
     * @param arguments the arguments
     * @return the call
     */
    static Expression call(String function, Expression... arguments) {
        return new Call(function, List.of(arguments), null);
    }

    /**
     * {@code value in (values...)}.
     *
     * @param value the tested expression
     * @param values the set's members (Java values of one kind)
     * @return the call of {@code is_in}
     */
    static Expression isIn(Expression value, Object... values) {
        return new Call("is_in", List.of(value), new FunctionOptions.ValueSet(List.of(values)));
    }
}
