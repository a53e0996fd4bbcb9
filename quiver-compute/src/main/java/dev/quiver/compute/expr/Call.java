// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.expr;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A call of a registered function by name (the names of pyarrow.compute).
 *
 * @param function the function's name
 * @param arguments the arguments
 * @param options the function's options ({@code is_in}'s value set, {@code cast}'s target), or {@code null}
 */
public record Call(String function, List<Expression> arguments, FunctionOptions options) implements Expression {
    /**
     * Copies the arguments.
     *
     * @param function the function's name
     * @param arguments the arguments
     * @param options the options, or {@code null}
     */
    public Call {
        arguments = List.copyOf(arguments);
    }

    @Override
    public String toString() {
        String args = arguments.stream().map(Object::toString).collect(Collectors.joining(", "));
        return function + "(" + args + (options == null ? "" : (args.isEmpty() ? "" : ", ") + options) + ")";
    }
}
