// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quiver.testkit.PythonPeer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sort}, {@code filter}, {@code join} and {@code group-by} give what pyarrow and DuckDB give on the same
 * bench-v1 rows: sorts equal to pyarrow's {@code Table.sort_by} (stable, nulls first or last), filters equal to
 * pyarrow.compute's same predicate, joins of every kind equal to DuckDB's (as multisets; nulls in keys never
 * match), group-by aggregates equal to pyarrow's {@code group_by(...).aggregate(...)} (floats to a relative
 * 1e-9). Each command also reads a hive-partitioned dataset directory of the same rows. Runs when
 * {@code QUIVER_PYTHON} names a Python with pyarrow and duckdb; one Python process checks every output.
 */
class ComputeCommandsPyarrowTest {
    private static final String SCRIPT = """
            import sys, json, math, os
            import pyarrow as pa, pyarrow.compute as pc, pyarrow.ipc as ipc, pyarrow.dataset as ds, duckdb

            spec = json.load(open(sys.argv[1]))
            def read(path):
                return ipc.open_file(path).read_all()
            def source(path):
                if os.path.isdir(path):
                    return ds.dataset(path, format='ipc', partitioning='hive').to_table()
                return read(path)
            def plain(t, names=True):
                cols = [c.cast(c.type.value_type) if pa.types.is_dictionary(c.type) else c for c in t.columns]
                return pa.table(cols, names=t.column_names if names else ['c%d' % i for i in range(len(cols))])
            def report(name, ok, detail):
                print(('ok ' if ok else 'FAIL ') + name + ('' if ok else ': ' + detail))

            for s in spec['sorts']:
                t = source(s['src'])
                if s['where']:
                    t = t.filter(eval(s['where']))
                if s['columns']:
                    t = t.select(s['columns'])
                t = plain(t)
                order = pc.sort_indices(t, sort_keys=[(k[0], k[1], s['nulls']) for k in s['keys']])
                want = t.take(order).combine_chunks()
                got = plain(read(s['out'])).combine_chunks()
                report(s['name'], got.equals(want), '%d vs %d rows, %s vs %s' % (got.num_rows, want.num_rows,
                       got.schema, want.schema))

            for f in spec['filters']:
                t = source(f['src'])
                want = plain(t.filter(eval(f['mask'])))
                got = plain(read(f['out']))
                if f['sort']:
                    want = want.sort_by('id')
                    got = got.sort_by('id')
                want = want.combine_chunks()
                got = got.combine_chunks()
                report(f['name'], got.num_rows > 0 and got.equals(want), '%d vs %d rows' % (got.num_rows,
                       want.num_rows))

            con = duckdb.connect()
            con.execute("SET TimeZone = 'UTC'")
            for i, j in enumerate(spec['joins']):
                con.register('l%d' % i, plain(source(j['left'])))
                con.register('r%d' % i, plain(source(j['right'])))
                con.execute('CREATE OR REPLACE TEMP VIEW l AS SELECT * FROM l%d' % i)
                con.execute('CREATE OR REPLACE TEMP VIEW r AS SELECT * FROM r%d' % i)
                on = ' AND '.join('l."%s" = r."%s"' % (a, b) for a, b in zip(j['on'], j['right_on']))
                how = j['how']
                left = con.sql('SELECT * FROM l').columns
                right = con.sql('SELECT * FROM r').columns
                if how in ('semi', 'anti'):
                    q = 'SELECT l.* FROM l WHERE %sEXISTS (SELECT 1 FROM r WHERE %s)' % ('' if how == 'semi' else 'NOT ', on)
                else:
                    cols = []
                    for c in left:
                        if c in j['on'] and how in ('right', 'full'):
                            cols.append('coalesce(l."%s", r."%s")' % (c, j['right_on'][j['on'].index(c)]))
                        else:
                            cols.append('l."%s"' % c)
                    cols += ['r."%s"' % c for c in right if c not in j['right_on']]
                    q = 'SELECT %s FROM l %s JOIN r ON %s' % (', '.join(cols), how.upper(), on)
                want = plain(con.sql(q).to_arrow_table(), False)
                original = read(j['out'])
                got = plain(original, False)
                con.register('w%d' % i, want)
                con.register('g%d' % i, got)
                diff = -1
                try:
                    got = got.cast(want.schema)   # list<item: int32 not null> as DuckDB's list<l: int32>
                except (pa.ArrowInvalid, pa.ArrowNotImplementedError, ValueError):
                    report(j['name'], False, 'columns %s vs %s' % (original.schema, want.schema))
                    continue
                if got.num_columns == want.num_columns:
                    diff = con.sql('SELECT (SELECT count(*) FROM (SELECT * FROM g{0} EXCEPT ALL SELECT * FROM w{0})) + '
                                   '(SELECT count(*) FROM (SELECT * FROM w{0} EXCEPT ALL SELECT * FROM g{0}))'
                                   .format(i)).fetchone()[0]
                report(j['name'], diff == 0 and got.num_rows == want.num_rows and got.num_rows > 0,
                       '%d vs %d rows, %d vs %d columns, %d differ' % (got.num_rows, want.num_rows, got.num_columns,
                       want.num_columns, diff))

            def pyarrow_aggregate(text):
                if text == 'count':
                    return ([], 'count_all')
                head, col = text.split(':', 1)
                arg = None
                if '(' in head:
                    head, arg = head[:-1].split('(')
                if head == 'quantile':
                    return (col, 'list')
                if head in ('variance', 'stddev') and arg is not None:
                    return (col, head, pc.VarianceOptions(ddof=int(arg)))
                if head in ('count', 'count_distinct') and arg is not None:
                    return (col, head, pc.CountOptions(mode=arg))
                return (col, head)
            def close(a, b):
                if isinstance(a, float) or isinstance(b, float):
                    if a is None or b is None:
                        return a is b
                    return (math.isnan(a) and math.isnan(b)) or math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)
                return a == b
            for g in spec['groups']:
                t = source(g['src'])
                if g['where']:
                    t = t.filter(eval(g['where']))
                t = plain(t)
                aggs = [pyarrow_aggregate(a) for a in g['aggs']]
                result = t.group_by(g['by'], use_threads=False).aggregate(aggs)
                names = result.column_names
                keys = [result.column(k).to_pylist() for k in g['by']]
                values = []
                for i, a in enumerate(g['aggs']):
                    column = result.column(i + (len(g['by']) if names[0] in g['by'] else 0)).to_pylist()
                    if a.startswith('quantile'):
                        head = a.split(':', 1)[0]
                        q = float(head[9:-1]) if '(' in head else 0.5
                        column = [None if not v or all(x is None for x in v) else
                                  pc.quantile(pa.array(v), q=q)[0].as_py() for v in column]
                    values.append(column)
                want = {tuple(k[r] for k in keys): [v[r] for v in values] for r in range(result.num_rows)}
                got_table = read(g['out'])
                got_keys = [got_table.column(k).to_pylist() for k in g['by']]
                got_values = [got_table.column(len(g['by']) + i).to_pylist() for i in range(len(g['aggs']))]
                got = {tuple(k[r] for k in got_keys): [v[r] for v in got_values] for r in range(got_table.num_rows)}
                bad = [k for k in want if k not in got or not all(close(a, b) for a, b in zip(got[k], want[k]))]
                report(g['name'], len(got) == len(want) == got_table.num_rows and not bad,
                       '%d vs %d groups; first difference %s: %s vs %s' % (len(got), len(want), bad[:1],
                       got.get(bad[0]) if bad else None, want[bad[0]] if bad else None))
            """;

    @TempDir
    Path dir;

    private final List<String> sorts = new ArrayList<>();
    private final List<String> filters = new ArrayList<>();
    private final List<String> joins = new ArrayList<>();
    private final List<String> groups = new ArrayList<>();

    private static String json(String text) {
        return text == null ? "null" : "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private static String json(List<String> texts) {
        return texts == null ? "null" : texts.stream().map(ComputeCommandsPyarrowTest::json)
                .collect(Collectors.joining(", ", "[", "]"));
    }

    private Path run(String name, Object... args) {
        Path out = dir.resolve(name + ".arrow");
        List<Object> all = new ArrayList<>(List.of(args));
        all.add("--out");
        all.add(out);
        Cli.Result r = Cli.run(all.toArray());
        assertEquals(0, r.exit(), name + ": " + r.err());
        return out;
    }

    /** {@code keys}: column, then "ascending" or "descending", pairs. */
    private void sort(String name, Path src, String by, String nulls, String where, String pyWhere, String columns,
            String... keys) {
        List<Object> args = new ArrayList<>(List.of("sort", src, "--by", by, "--nulls", nulls));
        if (where != null) {
            args.addAll(List.of("--where", where, "--columns", columns));
        }
        Path out = run(name, args.toArray());
        List<String> pairs = new ArrayList<>();
        for (int k = 0; k < keys.length; k += 2) {
            pairs.add(json(List.of(keys[k], keys[k + 1])));
        }
        sorts.add("{\"name\": " + json(name) + ", \"src\": " + json(src.toString()) + ", \"out\": " + json(out.toString())
                + ", \"keys\": [" + String.join(", ", pairs) + "], \"nulls\": " + json(nulls.equals("first")
                ? "at_start" : "at_end") + ", \"where\": " + json(pyWhere) + ", \"columns\": "
                + json(columns == null ? null : List.of(columns.split(","))) + "}");
    }

    private void filter(String name, Path src, String where, String mask, boolean byId) {
        Path out = run(name, "filter", src, "--where", where);
        filters.add("{\"name\": " + json(name) + ", \"src\": " + json(src.toString()) + ", \"out\": "
                + json(out.toString()) + ", \"mask\": " + json(mask) + ", \"sort\": " + byId + "}");
    }

    private void join(Path left, Path right, String on, String how) {
        String name = "join-" + left.getFileName() + "-" + on.replace(',', '+') + "-" + how;
        Path out = run(name, "join", left, right, "--on", on, "--how", how, "--threads", how.length() % 3 + 1);
        List<String> keys = List.of(on.split(","));
        joins.add("{\"name\": " + json(name) + ", \"left\": " + json(left.toString()) + ", \"right\": "
                + json(right.toString()) + ", \"out\": " + json(out.toString()) + ", \"on\": " + json(keys)
                + ", \"right_on\": " + json(keys) + ", \"how\": " + json(how) + "}");
    }

    private void groupBy(String name, Path src, String by, String where, String pyWhere, String... aggs) {
        List<Object> args = new ArrayList<>(List.of("group-by", src, "--by", by));
        for (String agg : aggs) {
            args.addAll(List.of("--agg", agg));
        }
        if (where != null) {
            args.addAll(List.of("--where", where));
        }
        Path out = run(name, args.toArray());
        groups.add("{\"name\": " + json(name) + ", \"src\": " + json(src.toString()) + ", \"out\": "
                + json(out.toString()) + ", \"by\": " + json(List.of(by.split(","))) + ", \"aggs\": "
                + json(List.of(aggs)) + ", \"where\": " + json(pyWhere) + "}");
    }

    @Test
    void sortsFiltersJoinsAndGroupsEqualPyarrowAndDuckDb() throws IOException {
        Optional<PythonPeer> python = PythonPeer.find();
        Assumptions.assumeTrue(python.isPresent(), PythonPeer.SKIP_MESSAGE);
        Path bench = dir.resolve("bench.arrow");
        assertEquals(0, Cli.run("bench-gen", "--rows", "12000", "--out", bench).exit());
        Path dataset = dir.resolve("bench-by-cat");
        Cli.Result written = Cli.run("convert", bench, dataset, "--partition-by", "cat");
        assertEquals(0, written.exit(), written.err());

        sort("sort-keys-nulls-first", bench, "cat:desc,maybe,name:desc", "first", null, null, null,
                "cat", "descending", "maybe", "ascending", "name", "descending");
        sort("sort-name-x", bench, "name,x:desc", "last", null, null, null, "name", "ascending", "x", "descending");
        sort("sort-dataset", dataset, "maybe:desc,id", "last", null, null, null, "maybe", "descending", "id",
                "ascending");
        sort("sort-where-columns", bench, "ts:desc", "last", "maybe < 0", "pc.less(t['maybe'], 0)", "id,ts,maybe",
                "ts", "descending");

        filter("filter-and", bench, "maybe > 100 and name is not null",
                "pc.and_kleene(pc.greater(t['maybe'], 100), pc.is_valid(t['name']))", false);
        filter("filter-arithmetic-in", bench, "x * 2 < 1000.5 or maybe in (1, 2, 3)",
                "pc.or_kleene(pc.less(pc.multiply(t['x'], 2), 1000.5), pc.is_in(t['maybe'], "
                        + "value_set=pa.array([1, 2, 3], pa.int32())))", false);
        filter("filter-not-null-decimal", bench, "not flag and (price is null or id >= 11000)",
                "pc.and_kleene(pc.invert(t['flag']), pc.or_kleene(pc.is_null(t['price']), "
                        + "pc.greater_equal(t['id'], 11000)))", false);
        filter("filter-cast-divide", bench, "cast(maybe as float64) / 4 >= 100.25 or maybe is null",
                "pc.or_kleene(pc.greater_equal(pc.divide(pc.cast(t['maybe'], pa.float64()), 4), 100.25), "
                        + "pc.is_null(t['maybe']))", false);
        filter("filter-timestamp", bench, "ts >= '2023-11-14T22:13:25Z'",
                "pc.greater_equal(t['ts'], pa.scalar(1700000005000000, pa.timestamp('us', 'UTC')))", false);
        filter("filter-dataset", dataset, "cat = 'category-3' and maybe <= 0",
                "pc.and_kleene(pc.equal(t['cat'], 'category-3'), pc.less_equal(t['maybe'], 0))", true);

        Path dim = run("dim", "filter", bench, "--where", "id < 6000 and maybe > 300", "--columns", "id,name,maybe,x");
        for (String how : List.of("inner", "left", "right", "full", "semi", "anti")) {
            for (String on : List.of("name", "id", "name,maybe", "maybe")) {
                join(bench, dim, on, how);
            }
        }
        join(dataset, dim, "name", "full");

        groupBy("group-every-aggregate", bench, "maybe", null, null, "count", "count:name", "count_distinct:name",
                "sum:x", "mean:id", "min:x", "max:id", "variance:x", "stddev(1):id", "any:flag", "all:flag",
                "first:id", "last:x", "quantile(0.9):x", "quantile:id", "min:ts", "count(all):name");
        groupBy("group-two-keys", bench, "name,flag", null, null, "mean:maybe", "count(only_null):maybe",
                "stddev:maybe", "count_distinct(all):maybe");
        groupBy("group-dataset-row-table", dataset, "cat", "maybe > 0", "pc.greater(t['maybe'], 0)", "count",
                "sum:maybe", "min:x", "max:maybe");
        groupBy("group-dataset-compute", dataset, "cat", "maybe > 0", "pc.greater(t['maybe'], 0)", "mean:maybe",
                "count_distinct:name", "last:id");

        Path spec = Files.writeString(dir.resolve("spec.json"), "{\"sorts\": [" + String.join(", ", sorts)
                + "], \"filters\": [" + String.join(", ", filters) + "], \"joins\": [" + String.join(", ", joins)
                + "], \"groups\": [" + String.join(", ", groups) + "]}");
        String report = python.get().run(SCRIPT, spec.toString());
        List<String> lines = report.lines().toList();
        assertEquals(sorts.size() + filters.size() + joins.size() + groups.size(), lines.size(), report);
        assertTrue(lines.stream().allMatch(line -> line.startsWith("ok ")), report);
    }
}
