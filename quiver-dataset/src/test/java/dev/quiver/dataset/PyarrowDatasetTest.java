// SPDX-License-Identifier: Apache-2.0
package dev.quiver.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.quiver.core.batch.Table;
import dev.quiver.core.compare.BatchComparator;
import dev.quiver.core.compare.Difference;
import dev.quiver.io.Arrow;
import dev.quiver.testkit.PythonPeer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

/** Datasets that pyarrow.dataset writes, read by Quiver equal to pyarrow.dataset's own reading. */
class PyarrowDatasetTest {
    private static PythonPeer python;

    @TempDir
    Path dir;

    @BeforeAll
    static void findPython() {
        python = PythonPeer.find().orElse(null);
    }

    /** Writes a dataset with pyarrow and pyarrow's reading of it (schema unified permissively). */
    private static final String WRITE = """
            import sys, pyarrow as pa, pyarrow.dataset as ds, pyarrow.ipc as ipc
            root, fmt, flavor, evolve = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4] == 'true'
            n = 1000
            t = pa.table({
                'id': pa.array(range(n), pa.int64()),
                'x': pa.array([None if i % 7 == 0 else i * 0.5 for i in range(n)], pa.float64()),
                'name': pa.array([None if i % 11 == 0 else 'n%d' % (i % 13) for i in range(n)]),
                'year': pa.array([2020 + i % 4 for i in range(n)], pa.int32()),
                'region': pa.array([['eu', 'us west', 'ap'][i % 3] for i in range(n)]),
            })
            part = ds.partitioning(pa.schema([('year', pa.int32()), ('region', pa.string())]),
                                   flavor='hive' if flavor == 'hive' else None)
            ds.write_dataset(t, root + '/data', format=fmt, partitioning=part)
            if evolve:
                extra = pa.table({'id': pa.array([5000, 5001], pa.int64()), 'extra': pa.array(['p', None]),
                                  'year': pa.array([2030, 2030], pa.int32()), 'region': ['eu', 'eu']})
                ds.write_dataset(extra, root + '/data', format=fmt, partitioning=part,
                                 basename_template='late-{i}.' + ('arrow' if fmt == 'ipc' else fmt),
                                 existing_data_behavior='overwrite_or_ignore')
            # Quiver's CSV reader reads an unquoted empty field as null, as pyarrow writes a null.
            import pyarrow.csv as pcsv
            read_fmt = ds.CsvFileFormat(convert_options=pcsv.ConvertOptions(strings_can_be_null=True)) if fmt == 'csv' else fmt
            pq_part = ds.HivePartitioning.discover() if flavor == 'hive' else ds.DirectoryPartitioning.discover(['year', 'region'])
            files = ds.dataset(root + '/data', format=read_fmt, partitioning=pq_part)
            schemas = [f.physical_schema for f in files.get_fragments()]
            unified = pa.unify_schemas(schemas, promote_options='permissive')
            for f in files.partitioning.schema:
                unified = unified.append(f)
            got = ds.dataset(root + '/data', format=read_fmt, partitioning=pq_part, schema=unified).to_table()
            with ipc.new_file(root + '/expected.arrow', got.schema) as w:
                w.write_table(got)
            flt = ds.dataset(root + '/data', format=read_fmt, partitioning=pq_part, schema=unified).to_table(
                columns=['id', 'name', 'year'], filter=(ds.field('year') >= 2022) & (ds.field('id') < 700))
            with ipc.new_file(root + '/expected_filtered.arrow', flt.schema) as w:
                w.write_table(flt)
            """;

    @ParameterizedTest(name = "{0}, {1} partitioning, evolving schema {2}")
    @CsvSource({"ipc, hive, false", "ipc, dir, false", "ipc, hive, true", "csv, hive, false", "csv, dir, true",
            "parquet, hive, false", "parquet, dir, true"})
    void readsEqualToPyarrowDataset(String format, String flavor, boolean evolve) throws IOException {
        assumeTrue(python != null, PythonPeer.SKIP_MESSAGE);
        python.run(WRITE, dir.toString(), format, flavor, Boolean.toString(evolve));
        Table expected = Arrow.read(dir.resolve("expected.arrow"));
        Partitioning partitioning = flavor.equals("hive") ? Partitioning.hive() : Partitioning.directory("year", "region");
        Dataset dataset = Dataset.open(dir.resolve("data"), DatasetOptions.DEFAULT.withPartitioning(partitioning));
        assertEquals(expected.schema().names(), dataset.schema().names());
        for (int threads : new int[] {1, 4}) {
            Table actual = dataset.scanner().threads(threads).toTable();
            assertEquals(expected.rowCount(), actual.rowCount());
            Optional<Difference> difference = new BatchComparator().compare(
                    expected.combineChunks().batches(), actual.combineChunks().batches());
            assertEquals(Optional.empty(), difference.map(Difference::message), "threads " + threads);
        }
        Table expectedFiltered = Arrow.read(dir.resolve("expected_filtered.arrow"));
        Table filtered = dataset.scanner().columns("id", "name", "year").filter("year >= 2022 and id < 700").toTable();
        assertEquals(Optional.empty(), new BatchComparator().compare(expectedFiltered.combineChunks().batches(),
                filtered.combineChunks().batches()).map(Difference::message), "filtered and projected");
        Table projected = dataset.scanner().columns("region", "id")
                .fragmentFilter(f -> "eu".equals(f.partitionValue("region"))).toTable();
        Table expectedEu = expected.select("region", "id");
        long euRows = 0;
        for (var batch : expectedEu.batches()) {
            for (long i = 0; i < batch.rowCount(); i++) {
                euRows += "eu".equals(batch.column(0).getObject(i)) ? 1 : 0;
            }
        }
        assertEquals(euRows, projected.rowCount());
        assertEquals(List.of("region", "id"), projected.schema().names());
    }

    /** A dataset with struct columns (null structs among them) and pyarrow's projection of nested fields. */
    private static final String NESTED = """
            import sys, pyarrow as pa, pyarrow.dataset as ds, pyarrow.ipc as ipc
            root, fmt = sys.argv[1], sys.argv[2]
            n = 600
            inner = pa.StructArray.from_arrays([pa.array(['b%d' % i if i % 5 else None for i in range(n)])], ['b'],
                                               mask=pa.array([i % 7 == 3 for i in range(n)]))
            s = pa.StructArray.from_arrays([pa.array([i if i % 4 else None for i in range(n)], pa.int32()), inner],
                                           ['a', 'inner'], mask=pa.array([i % 11 == 5 for i in range(n)]))
            t = pa.table({'id': pa.array(range(n), pa.int64()), 's': s,
                          'part': pa.array(['p%d' % (i % 3) for i in range(n)])})
            part = ds.partitioning(pa.schema([('part', pa.string())]), flavor='hive')
            ds.write_dataset(t, root + '/data', format=fmt, partitioning=part)
            got = ds.dataset(root + '/data', format=fmt, partitioning='hive').to_table(
                columns={'s.inner.b': ds.field('s', 'inner', 'b'), 'id': ds.field('id'), 's.a': ds.field('s', 'a')},
                filter=ds.field('id') >= 100)
            with ipc.new_file(root + '/expected.arrow', got.schema) as w:
                w.write_table(got)
            """;

    @ParameterizedTest(name = "{0}")
    @CsvSource({"ipc", "parquet"})
    void nestedPathsProjectAsPyarrowsNestedFieldReferences(String format) throws IOException {
        assumeTrue(python != null, PythonPeer.SKIP_MESSAGE);
        python.run(NESTED, dir.toString(), format);
        Table expected = Arrow.read(dir.resolve("expected.arrow"));
        Dataset dataset = Dataset.open(dir.resolve("data"), DatasetOptions.DEFAULT.withPartitioning(Partitioning.hive()));
        Table actual = dataset.scanner().columns("s.inner.b", "id", "s.a").filter("id >= 100").toTable();
        assertEquals(expected.schema().names(), actual.schema().names());
        assertEquals(expected.rowCount(), actual.rowCount());
        assertEquals(Optional.empty(), new BatchComparator().compare(expected.combineChunks().batches(),
                actual.combineChunks().batches()).map(Difference::message));
    }
}
