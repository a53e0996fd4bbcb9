// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.aggregate;

import dev.quiver.compute.ComputeException;
import dev.quiver.compute.RandomArrays;
import dev.quiver.core.array.Array;
import dev.quiver.core.batch.ChunkedArray;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.Table;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Precision;
import dev.quiver.core.type.Schema;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Whole-column and grouped aggregates against pyarrow.compute on random sliced arrays with nulls. */
class AggregatePyarrowTest {
    private static final List<ArrowType> NUMERIC = List.of(ArrowType.INT8, ArrowType.INT32, ArrowType.INT64,
            ArrowType.UINT8, ArrowType.UINT32, new ArrowType.FloatingPoint(Precision.SINGLE), ArrowType.FLOAT64);

    private static String pyType(ArrowType t) {
        return switch (t) {
            case ArrowType.Int i -> "pa." + (i.signed() ? "int" : "uint") + i.bitWidth() + "()";
            case ArrowType.FloatingPoint f -> f.precision().bitWidth() == 32 ? "pa.float32()" : "pa.float64()";
            case ArrowType.Bool b -> "pa.bool_()";
            default -> "pa.string()";
        };
    }

    /** The pyarrow call and the Quiver aggregation of one case. */
    private record Case(String python, Aggregation spec) {
    }

    private static List<Case> cases(boolean bool) {
        List<Case> out = new ArrayList<>();
        if (bool) {
            for (AggregateFunction f : List.of(AggregateFunction.ANY, AggregateFunction.ALL)) {
                String n = f.pyarrowName();
                out.add(new Case("pc." + n + "(a)", Aggregation.of("a", f)));
                out.add(new Case("pc." + n + "(a, skip_nulls=False)", Aggregation.of("a", f).nulls(false, 1)));
                out.add(new Case("pc." + n + "(a, min_count=0)", Aggregation.of("a", f).nulls(true, 0)));
            }
            out.add(new Case("pc.count(a, mode='all')", Aggregation.of("a", AggregateFunction.COUNT).count(CountMode.ALL)));
            out.add(new Case("pc.sum(a)", Aggregation.of("a", AggregateFunction.SUM)));
            return out;
        }
        for (AggregateFunction f : List.of(AggregateFunction.SUM, AggregateFunction.MEAN, AggregateFunction.MIN,
                AggregateFunction.MAX, AggregateFunction.FIRST, AggregateFunction.LAST)) {
            String n = f.pyarrowName();
            out.add(new Case("pc." + n + "(a)", Aggregation.of("a", f)));
            out.add(new Case("pc." + n + "(a, skip_nulls=False)", Aggregation.of("a", f).nulls(false, 1)));
            out.add(new Case("pc." + n + "(a, min_count=5)", Aggregation.of("a", f).nulls(true, 5)));
        }
        for (CountMode m : CountMode.values()) {
            String mode = m.name().toLowerCase();
            out.add(new Case("pc.count(a, mode='" + mode + "')", Aggregation.of("a", AggregateFunction.COUNT).count(m)));
            out.add(new Case("pc.count_distinct(a, mode='" + mode + "')",
                    Aggregation.of("a", AggregateFunction.COUNT_DISTINCT).count(m)));
        }
        for (int ddof : new int[] {0, 1}) {
            out.add(new Case("pc.variance(a, ddof=" + ddof + ")", Aggregation.of("a", AggregateFunction.VARIANCE).ddof(ddof)));
            out.add(new Case("pc.stddev(a, ddof=" + ddof + ")", Aggregation.of("a", AggregateFunction.STDDEV).ddof(ddof)));
        }
        out.add(new Case("pc.stddev(a, skip_nulls=False)", Aggregation.of("a", AggregateFunction.STDDEV).nulls(false, 0)));
        for (Interpolation i : Interpolation.values()) {
            for (double q : new double[] {0, 0.3, 0.5, 1}) {
                out.add(new Case("pc.quantile(a, q=" + q + ", interpolation='" + i.name().toLowerCase() + "')",
                        Aggregation.of("a", AggregateFunction.QUANTILE).quantile(q, i)));
            }
        }
        return out;
    }

    @Test
    void wholeColumnAggregatesEqualPyarrow() throws Exception {
        Random rnd = new Random(7);
        StringBuilder setup = new StringBuilder("arrays = []\n");
        List<String> python = new ArrayList<>();
        List<String> quiver = new ArrayList<>();
        List<String> what = new ArrayList<>();
        List<ArrowType> types = new ArrayList<>(NUMERIC);
        types.add(ArrowType.BOOL);
        int k = 0;
        for (ArrowType type : types) {
            for (int round = 0; round < 4; round++) {
                int n = round == 0 ? 0 : round == 1 ? 3 : 200 + rnd.nextInt(300);
                double nulls = round == 3 ? 0 : 0.2;
                Array a = RandomArrays.of(type, rnd, n, nulls);
                setup.append("arrays.append(pa.array(").append(PyCases.literal(a)).append(", ").append(pyType(type)).append("))\n");
                for (Case c : cases(type instanceof ArrowType.Bool)) {
                    python.add(c.python().replace("(a", "(arrays[" + k + "]"));
                    what.add(type + " n=" + n + " " + c.python());
                    String q;
                    try {
                        q = PyCases.tokens(Aggregate.of(a, c.spec()));
                    } catch (ComputeException e) {
                        q = "E";
                    }
                    quiver.add(q);
                }
                k++;
            }
        }
        List<String> expected = PyCases.run(setup.toString(), python);
        for (int i = 0; i < expected.size(); i++) {
            String e = expected.get(i);
            if (e.startsWith("E") && quiver.get(i).equals("E")) {
                continue;
            }
            PyCases.assertSame(e, quiver.get(i), what.get(i));
        }
    }

    @Test
    void quantilesOfSeveralQEqualPyarrow() throws Exception {
        Array a = RandomArrays.of(ArrowType.FLOAT64, new Random(3), 101, 0.1);
        Array q = Aggregate.quantiles(new ChunkedArray(a.type(), List.of(a, a.slice(3, 40))), new double[] {0.1, 0.25, 0.99},
                Interpolation.LINEAR);
        List<String> expected = PyCases.run("a = pa.chunked_array([" + PyCases.literal(a) + ", " + PyCases.literal(a.slice(3, 40))
                + "], pa.float64())", List.of("pc.quantile(a, q=[0.1, 0.25, 0.99])"));
        PyCases.assertSame(expected.get(0), PyCases.tokens(q), "quantiles");
    }

    @Test
    void groupedAggregatesEqualPyarrow() throws Exception {
        Random rnd = new Random(11);
        int n = 3000;
        Array key = RandomArrays.of(ArrowType.INT32, rnd, n, 0.05);
        Array key2 = RandomArrays.of(ArrowType.UTF8, rnd, n, 0.05);
        Array v = RandomArrays.of(ArrowType.FLOAT64, rnd, n, 0.2);
        Array w = RandomArrays.of(ArrowType.INT64, rnd, n, 0.2);
        Array b = RandomArrays.of(ArrowType.BOOL, rnd, n, 0.2);
        // small key domains, so groups hold several rows
        Array k = RandomArrays.of(ArrowType.INT8, new Random(5), n, 0.05);
        Schema schema = Schema.of(Field.nullable("k", ArrowType.INT8), Field.nullable("s", ArrowType.UTF8),
                Field.nullable("v", ArrowType.FLOAT64), Field.nullable("w", ArrowType.INT64), Field.nullable("b", ArrowType.BOOL));
        RecordBatch batch = new RecordBatch(schema, List.of(modulo(k), key2, v, w, b), n);
        Table table = new Table(schema, List.of(batch.slice(0, 1000), batch.slice(1000, n - 1000)));
        List<Aggregation> aggs = List.of(Aggregation.of("v", AggregateFunction.SUM), Aggregation.of("w", AggregateFunction.SUM),
                Aggregation.of("v", AggregateFunction.MEAN), Aggregation.of("w", AggregateFunction.MIN),
                Aggregation.of("v", AggregateFunction.MAX), Aggregation.of("v", AggregateFunction.VARIANCE),
                Aggregation.of("w", AggregateFunction.STDDEV).ddof(1), Aggregation.of("v", AggregateFunction.COUNT),
                Aggregation.of("w", AggregateFunction.COUNT_DISTINCT), Aggregation.of("b", AggregateFunction.ANY),
                Aggregation.of("b", AggregateFunction.ALL), Aggregation.of("w", AggregateFunction.FIRST),
                Aggregation.of("w", AggregateFunction.LAST), Aggregation.of("b", AggregateFunction.COUNT).count(CountMode.ALL));
        for (List<String> keys : List.of(List.of("k"), List.of("k", "s"))) {
            Table result = GroupedAggregate.aggregate(table, keys, aggs);
            StringBuilder setup = new StringBuilder("tbl = pa.table({");
            for (Field f : schema.fields()) {
                setup.append("'").append(f.name()).append("': pa.array(").append(PyCases.literal(batch.column(f.name())))
                        .append(", ").append(pyType(f.type())).append("), ");
            }
            setup.append("})\n");
            StringBuilder specs = new StringBuilder("[");
            for (Aggregation a : aggs) {
                String options = a.function() == AggregateFunction.STDDEV ? "pc.VarianceOptions(ddof=1)"
                        : a.countMode() == CountMode.ALL ? "pc.CountOptions(mode='all')" : "None";
                specs.append("('").append(a.column()).append("', '").append(a.function().pyarrowName()).append("', ")
                        .append(options).append("), ");
            }
            specs.append("]");
            String keyList = keys.stream().map(s -> "'" + s + "'").reduce((x, y) -> x + ", " + y).orElseThrow();
            setup.append("r = tbl.group_by([").append(keyList).append("], use_threads=False).aggregate(").append(specs).append(")\n");
            setup.append("r = r.select([").append(keyList).append("] + [c for c in r.column_names if c not in (").append(keyList)
                    .append(",)])\n");
            List<String> expected = PyCases.run(setup.toString(), List.of("sorted(['\\x01'.join(t(v) for v in row.values()) "
                    + "for row in r.to_pylist()])"));
            List<String> rows = new ArrayList<>();
            RecordBatch rb = result.batches().get(0);
            for (long i = 0; i < rb.rowCount(); i++) {
                List<String> cells = new ArrayList<>();
                for (int c = 0; c < rb.columnCount(); c++) {
                    cells.add(PyCases.token(rb.column(c).getObject(i)));
                }
                rows.add(String.join("\u0001", cells));
            }
            rows.sort(Comparator.naturalOrder());
            String[] e = expected.get(0).split("\t");
            org.junit.jupiter.api.Assertions.assertEquals(e.length, rows.size(), "groups by " + keys);
            for (int i = 0; i < e.length; i++) {
                PyCases.assertSame(e[i].substring(1).replace('\u0001', '\t'), rows.get(i).replace('\u0001', '\t'),
                        "group " + i + " by " + keys);
            }
        }
    }

    /** Int8 keys folded into a domain of 7, so groups hold many rows. */
    private static Array modulo(Array k) {
        dev.quiver.core.builder.ArrayBuilder b = dev.quiver.core.builder.Builders.of(ArrowType.INT8,
                dev.quiver.core.memory.BufferAllocator.managed());
        for (long i = 0; i < k.length(); i++) {
            Object v = k.getObject(i);
            if (v == null) {
                b.appendNull();
            } else {
                b.appendObject((byte) Math.floorMod(((Number) v).intValue(), 7));
            }
        }
        return b.build();
    }
}
