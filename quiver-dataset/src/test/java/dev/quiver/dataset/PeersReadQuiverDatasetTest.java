// SPDX-License-Identifier: Apache-2.0
package dev.quiver.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.Table;
import dev.quiver.io.ArrowFormat;
import dev.quiver.testkit.PythonPeer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Datasets Quiver writes (Arrow, CSV, Parquet), read by pyarrow.dataset, DuckDB and polars with hive partitioning. */
class PeersReadQuiverDatasetTest {
    private static PythonPeer python;

    @TempDir
    Path dir;

    @BeforeAll
    static void findPython() {
        python = PythonPeer.find().orElse(null);
    }

    /** Prints each peer's rows as id|region|year lines, sorted. */
    private static final String READ = """
            import sys, pyarrow.dataset as ds
            root, fmt = sys.argv[1], sys.argv[2]
            def show(name, rows):
                print(name + ':' + ';'.join(sorted('%s|%s|%s' % r for r in rows)))
            t = ds.dataset(root, format='ipc' if fmt == 'arrow' else fmt, partitioning='hive').to_table()
            show('pyarrow', zip(t['id'].to_pylist(), t['region'].to_pylist(), t['year'].to_pylist()))
            if fmt == 'parquet':
                import duckdb, polars as pl
                rows = duckdb.sql("select id, region, year from read_parquet('%s/**/*.parquet', hive_partitioning=true)"
                                  % root).fetchall()
                show('duckdb', rows)
                df = pl.scan_parquet(root + '/**/*.parquet', hive_partitioning=True).collect()
                show('polars', zip(df['id'].to_list(), df['region'].to_list(), df['year'].to_list()))
            elif fmt == 'csv':
                import duckdb
                rows = duckdb.sql("select id, region, year from read_csv('%s/**/*.csv', hive_partitioning=true)"
                                  % root).fetchall()
                show('duckdb', rows)
            else:
                import polars as pl
                df = pl.scan_ipc(root + '/**/*.arrow', hive_partitioning=True).collect()
                show('polars', zip(df['id'].to_list(), df['region'].to_list(), df['year'].to_list()))
            """;

    private static String expected(Table table) {
        List<String> rows = new ArrayList<>();
        for (RecordBatch batch : table.batches()) {
            for (long i = 0; i < batch.rowCount(); i++) {
                Object region = batch.column("region").getObject(i);
                rows.add(batch.column("id").getObject(i) + "|" + (region == null ? "None" : region) + "|"
                        + batch.column("year").getObject(i));
            }
        }
        rows.sort(null);
        return String.join(";", rows);
    }

    private void check(ArrowFormat format, String extension, int peers) throws IOException {
        assumeTrue(python != null, PythonPeer.SKIP_MESSAGE);
        Table table = DatasetWriterTest.sample(200);
        DatasetWriter.write(table, dir, DatasetWriteOptions.DEFAULT.withFormat(format)
                .withPartitionBy(Partitioning.Scheme.HIVE, "region", "year").withMaxRowsPerFile(7));
        String out = python.run(READ, dir.toString(), extension);
        String want = expected(table);
        for (String line : out.strip().split("\n")) {
            String peer = line.substring(0, line.indexOf(':'));
            assertEquals(want, line.substring(line.indexOf(':') + 1), peer);
        }
        assertEquals(peers, out.strip().split("\n").length, "every peer answered");
    }

    @Test
    void arrowFilesReadByPyarrowAndPolars() throws IOException {
        check(ArrowFormat.FILE, "arrow", 2);
    }

    @Test
    void csvFilesReadByPyarrowAndDuckDb() throws IOException {
        check(ArrowFormat.CSV, "csv", 2);
    }

    @Test
    void parquetFilesReadByPyarrowDuckDbAndPolars() throws IOException {
        check(ArrowFormat.PARQUET, "parquet", 3);
    }
}
