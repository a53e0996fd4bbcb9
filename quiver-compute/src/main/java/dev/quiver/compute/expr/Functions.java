// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.expr;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.arithmetic.ArithmeticOp;
import dev.quiver.compute.arithmetic.Arithmetic;
import dev.quiver.compute.compare.Choice;
import dev.quiver.compute.compare.CompareOp;
import dev.quiver.compute.compare.Comparison;
import dev.quiver.compute.compare.Logic;
import dev.quiver.compute.compare.Predicates;
import dev.quiver.compute.strings.Strings;
import dev.quiver.core.array.Array;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/**
 * The functions an expression can call, by their pyarrow.compute names, with their arity. Options-taking functions
 * ({@code is_in}, {@code cast}) are bound by {@link Binder}.
 */
final class Functions {
    /** A registered function: its arity (-1 for any number, at least one) and kernel. */
    record Function(int arity, Kernel kernel) {
    }

    /** A string-matching function: strings and a pattern given as a literal. */
    interface PatternMatch {
        /**
         * Matches each string against the pattern.
         *
         * @param strings the strings
         * @param pattern the pattern
         * @return the booleans, null where a string is null
         */
        Array apply(Array strings, String pattern);
    }

    /** The string-matching functions by their pyarrow.compute names, the pattern their second argument. */
    private static final Map<String, PatternMatch> PATTERN_MATCHES = Map.of(
            "starts_with", Strings::startsWith,
            "ends_with", Strings::endsWith,
            "match_substring", Strings::contains,
            "match_substring_regex", Strings::matchRegex);

    private static final Map<String, Function> REGISTRY = registry();

    private Functions() {
    }

    private static Map<String, Function> registry() {
        Map<String, Function> m = new TreeMap<>();
        for (CompareOp op : CompareOp.values()) {
            m.put(op.name().toLowerCase(), new Function(2, a -> Comparison.compare(op, a[0], a[1])));
        }
        m.put("and", new Function(2, a -> Logic.and(a[0], a[1])));
        m.put("or", new Function(2, a -> Logic.or(a[0], a[1])));
        m.put("xor", new Function(2, a -> Logic.xor(a[0], a[1])));
        m.put("and_kleene", new Function(2, a -> Logic.andKleene(a[0], a[1])));
        m.put("or_kleene", new Function(2, a -> Logic.orKleene(a[0], a[1])));
        m.put("invert", new Function(1, a -> Logic.not(a[0])));
        m.put("is_null", new Function(1, a -> Predicates.isNull(a[0])));
        m.put("is_valid", new Function(1, a -> Predicates.isValid(a[0])));
        m.put("is_nan", new Function(1, a -> Predicates.isNan(a[0])));
        for (ArithmeticOp op : ArithmeticOp.values()) {
            m.put(op.function(), new Function(2, a -> Arithmetic.apply(op, false, a[0], a[1])));
            m.put(op.function() + "_checked", new Function(2, a -> Arithmetic.apply(op, true, a[0], a[1])));
        }
        unary(m, "negate", Arithmetic::negate);
        unary(m, "negate_checked", Arithmetic::negateChecked);
        unary(m, "abs", Arithmetic::abs);
        unary(m, "abs_checked", Arithmetic::absChecked);
        unary(m, "round", Arithmetic::round);
        unary(m, "floor", Arithmetic::floor);
        unary(m, "ceil", Arithmetic::ceil);
        unary(m, "sqrt", Arithmetic::sqrt);
        unary(m, "sqrt_checked", Arithmetic::sqrtChecked);
        unary(m, "ln", Arithmetic::ln);
        unary(m, "ln_checked", Arithmetic::lnChecked);
        unary(m, "utf8_length", Strings::utf8Length);
        unary(m, "binary_length", Strings::byteLength);
        unary(m, "utf8_upper", Strings::upper);
        unary(m, "utf8_lower", Strings::lower);
        unary(m, "utf8_trim_whitespace", Strings::trim);
        m.put("if_else", new Function(3, a -> Choice.ifElse(a[0], a[1], a[2])));
        m.put("coalesce", new Function(-1, Choice::coalesce));
        m.put("fill_null", new Function(2, a -> Choice.fillNull(a[0], a[1])));
        return Collections.unmodifiableMap(m);
    }

    private static void unary(Map<String, Function> m, String name, UnaryOperator<Array> f) {
        m.put(name, new Function(1, a -> f.apply(a[0])));
    }

    /** The function of a name, or an error listing the names. */
    static Function get(String name) {
        Function f = REGISTRY.get(name);
        if (f == null) {
            throw new ComputeException("expression: no function '" + name + "'; the functions are "
                    + String.join(", ", names()) + ", " + String.join(", ", new TreeMap<>(PATTERN_MATCHES).keySet())
                    + ", is_in and cast");
        }
        return f;
    }

    /** Whether a name is one of the string-matching functions, whose second argument is a literal pattern. */
    static boolean isPatternMatch(String name) {
        return PATTERN_MATCHES.containsKey(name);
    }

    /** The string-matching function of a name (see {@link #isPatternMatch}). */
    static PatternMatch patternMatch(String name) {
        return PATTERN_MATCHES.get(name);
    }

    /** The registered names, sorted. */
    static java.util.Set<String> names() {
        return REGISTRY.keySet();
    }

    /** Whether a function compares its two arguments (they are cast to a common type first). */
    static boolean isComparison(String name) {
        for (CompareOp op : CompareOp.values()) {
            if (op.name().toLowerCase().equals(name)) {
                return true;
            }
        }
        return false;
    }
}
