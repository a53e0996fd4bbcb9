// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.expr;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.arithmetic.NumericTypes;
import dev.quiver.compute.cast.Cast;
import dev.quiver.compute.cast.CastOptions;
import dev.quiver.compute.compare.Predicates;
import dev.quiver.compute.kernel.Outputs;
import dev.quiver.compute.kernel.Scalars;
import dev.quiver.core.array.Array;
import dev.quiver.core.builder.ArrayBuilder;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Binds an expression to a schema: fields resolved to columns, literals to constants, calls to kernels with
 * Arrow's implicit casts (compared and chosen-between arguments to a common type: numbers to their common numeric
 * type, a string to the temporal type it is compared with, utf8 with large_utf8 to large_utf8, a dictionary to its
 * values, a null to the other side's type), calls on constants folded. Result types come from running each kernel
 * on empty arrays, so the types and errors are the kernels' own.
 */
final class Binder {
    private static final Set<String> SAME_TYPES = Set.of("if_else", "coalesce", "fill_null");
    private static final Set<String> LOGIC = Set.of("and", "or", "xor", "and_kleene", "or_kleene", "invert");

    private Binder() {
    }

    static BoundExpression bind(Expression e, Schema schema) {
        return new BoundExpression(e, node(e, schema));
    }

    private static Node node(Expression e, Schema schema) {
        return switch (e) {
            case FieldRef f -> column(f, schema);
            case Literal l -> new Node.Constant(Scalars.of(l.type(), l.value()));
            case Call c -> call(c, schema);
        };
    }

    /** The pattern of a string-matching call: its second argument, a string literal. */
    private static String pattern(Call c) {
        if (c.arguments().get(1) instanceof Literal l && l.value() instanceof String text) {
            return text;
        }
        throw new ComputeException("expression: " + c.function() + "'s pattern (its second argument) must be a "
                + "string literal, not " + c.arguments().get(1));
    }

    private static Node column(FieldRef f, Schema schema) {
        List<String> path = f.path();
        List<Field> fields = schema.fields();
        int index = indexOf(fields, path.get(0), f);
        ArrowType type = fields.get(index).type();
        int[] nested = new int[path.size() - 1];
        for (int k = 1; k < path.size(); k++) {
            if (!(type instanceof ArrowType.Struct s)) {
                throw new ComputeException("expression: '" + f.name() + "': " + String.join(".", path.subList(0, k))
                        + " is " + type + ", not a struct");
            }
            nested[k - 1] = indexOf(s.fields(), path.get(k), f);
            type = s.fields().get(nested[k - 1]).type();
        }
        return new Node.Column(index, nested, type);
    }

    private static int indexOf(List<Field> fields, String name, FieldRef f) {
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i).name().equals(name)) {
                return i;
            }
        }
        List<String> names = fields.stream().map(Field::name).toList();
        throw new ComputeException("expression: no field '" + name + "' (in '" + f.name() + "'); the fields are "
                + names);
    }

    private static Node call(Call c, Schema schema) {
        List<Node> args = new ArrayList<>();
        for (Expression a : c.arguments()) {
            args.add(node(a, schema));
        }
        String name = c.function();
        Kernel kernel;
        if (name.equals("is_in")) {
            expectArity(c, 1, args.size());
            if (!(c.options() instanceof FunctionOptions.ValueSet set)) {
                throw new ComputeException("expression: is_in needs a value set");
            }
            Array values = valueSet(set, args.get(0).type(), c);
            kernel = a -> Predicates.isIn(a[0], values);
        } else if (name.equals("cast")) {
            expectArity(c, 1, args.size());
            if (!(c.options() instanceof FunctionOptions.CastTarget target)) {
                throw new ComputeException("expression: cast needs a target type");
            }
            CastOptions options = target.options() == null ? CastOptions.SAFE : target.options();
            kernel = a -> Cast.to(a[0], target.type(), options);
        } else if (Functions.isPatternMatch(name)) {
            expectArity(c, 2, args.size());
            String pattern = pattern(c);
            Functions.PatternMatch match = Functions.patternMatch(name);
            kernel = a -> match.apply(a[0], pattern);
            args = List.of(args.get(0));
        } else {
            Functions.Function f = Functions.get(name);
            if (f.arity() >= 0) {
                expectArity(c, f.arity(), args.size());
            } else if (args.isEmpty()) {
                throw new ComputeException("expression: " + name + " needs at least one argument");
            }
            kernel = f.kernel();
            args = implicitCasts(name, args, c);
        }
        ArrowType type = resultType(c, kernel, args);
        Node applied = new Node.Apply(name, kernel, List.copyOf(args), type);
        if (args.stream().allMatch(a -> a instanceof Node.Constant)) {
            return new Node.Constant(applied.evaluate(null));
        }
        return applied;
    }

    private static void expectArity(Call c, int arity, int actual) {
        if (arity != actual) {
            throw new ComputeException("expression: " + c.function() + " takes " + arity + " argument"
                    + (arity == 1 ? "" : "s") + ", not " + actual + " (in " + c + ")");
        }
    }

    private static ArrowType resultType(Call c, Kernel kernel, List<Node> args) {
        Array[] empty = new Array[args.size()];
        for (int k = 0; k < empty.length; k++) {
            empty[k] = ArrayBuilder.of(args.get(k).type(), Outputs.allocator()).build();
        }
        try {
            return kernel.apply(empty).type();
        } catch (ComputeException e) {
            throw new ComputeException("expression: " + c + ": " + e.getMessage(), e);
        }
    }

    private static List<Node> implicitCasts(String name, List<Node> args, Call c) {
        boolean compare = Functions.isComparison(name);
        if (LOGIC.contains(name)) {
            return castAll(args, ArrowType.BOOL, c, 0);
        }
        if (compare || SAME_TYPES.contains(name)) {
            int from = name.equals("if_else") ? 1 : 0;
            ArrowType common = null;
            for (int k = from; k < args.size(); k++) {
                common = unify(common, args.get(k).type());
            }
            List<Node> out = new ArrayList<>(args);
            if (name.equals("if_else")) {
                out.set(0, cast(args.get(0), ArrowType.BOOL, c));
            }
            return common == null ? out : castAll(out, common, c, from);
        }
        // Arithmetic and the rest: the kernels mix numeric types; a null takes the other side's type.
        ArrowType other = args.stream().map(Node::type).filter(t -> !(t instanceof ArrowType.Null)).findFirst()
                .orElse(ArrowType.INT64);
        List<Node> out = new ArrayList<>();
        for (Node a : args) {
            out.add(a.type() instanceof ArrowType.Null ? cast(a, other, c) : a);
        }
        return out;
    }

    private static List<Node> castAll(List<Node> args, ArrowType type, Call c, int from) {
        List<Node> out = new ArrayList<>(args);
        for (int k = from; k < args.size(); k++) {
            out.set(k, cast(args.get(k), type, c));
        }
        return out;
    }

    private static Node cast(Node n, ArrowType type, Call c) {
        if (n.type().equals(type)) {
            return n;
        }
        if (n instanceof Node.Constant k) {
            try {
                return new Node.Constant(Cast.to(k.value(), type));
            } catch (ComputeException e) {
                throw new ComputeException("expression: " + c + ": the literal " + k.value() + " does not fit "
                        + type + ": " + e.getMessage(), e);
            }
        }
        return new Node.Apply("cast", a -> Cast.to(a[0], type), List.of(n), type);
    }

    /** The common type of two argument types, or {@code a} when no implicit cast joins them. */
    static ArrowType unify(ArrowType a, ArrowType b) {
        if (b instanceof ArrowType.Dictionary d) {
            b = d.valueType();
        }
        if (a == null || a instanceof ArrowType.Null) {
            return b;
        }
        if (b instanceof ArrowType.Null || a.equals(b)) {
            return a;
        }
        if (isNumber(a) && isNumber(b)) {
            if (NumericTypes.isDecimal(a, b)) {
                int scale = Math.max(scale(a), scale(b));
                int whole = Math.max(digits(a) - scale(a), digits(b) - scale(b));
                return new ArrowType.Decimal(Math.min(38, whole + scale), scale, 128);
            }
            return NumericTypes.common("compare", a, b);
        }
        if (isString(a) && isString(b)) {
            return ArrowType.LARGE_UTF8;
        }
        if (isString(a) && isTemporal(b)) {
            return b;
        }
        if (isTemporal(a) && isString(b)) {
            return a;
        }
        if (a instanceof ArrowType.Timestamp x && b instanceof ArrowType.Timestamp y) {
            return x.unit().perSecond() >= y.unit().perSecond() ? x : new ArrowType.Timestamp(y.unit(), x.timezone());
        }
        return a;
    }

    private static boolean isNumber(ArrowType t) {
        return t instanceof ArrowType.Int || t instanceof ArrowType.FloatingPoint || t instanceof ArrowType.Decimal;
    }

    private static boolean isString(ArrowType t) {
        return t instanceof ArrowType.Utf8 || t instanceof ArrowType.LargeUtf8;
    }

    private static boolean isTemporal(ArrowType t) {
        return t instanceof ArrowType.Date || t instanceof ArrowType.Timestamp || t instanceof ArrowType.Time;
    }

    private static int scale(ArrowType t) {
        return t instanceof ArrowType.Decimal d ? d.scale() : 0;
    }

    private static int digits(ArrowType t) {
        return switch (t) {
            case ArrowType.Decimal d -> d.precision();
            case ArrowType.Int i -> i.bitWidth() == 8 ? 3 : i.bitWidth() == 16 ? 5 : i.bitWidth() == 32 ? 10 : 20;
            default -> 38;
        };
    }

    private static Array valueSet(FunctionOptions.ValueSet set, ArrowType target, Call c) {
        ArrowType literalType = null;
        for (Object v : set.values()) {
            literalType = unify(literalType, Literal.of(v).type());
        }
        if (literalType == null) {
            literalType = ArrowType.NULL;
        }
        ArrayBuilder b = ArrayBuilder.of(literalType instanceof ArrowType.Null ? target : literalType,
                Outputs.allocator());
        try {
            for (Object v : set.values()) {
                b.appendObject(v);
            }
            return Cast.to(b.build(), target instanceof ArrowType.Dictionary d ? d.valueType() : target);
        } catch (ComputeException | IllegalArgumentException | ClassCastException e) {
            throw new ComputeException("expression: " + c + ": the value set " + set.values() + " does not fit "
                    + target + ": " + e.getMessage(), e);
        }
    }
}
