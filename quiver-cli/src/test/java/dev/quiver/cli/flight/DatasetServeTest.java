// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.flight;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.quiver.cli.QuiverCommand;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.Table;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.dataset.Dataset;
import dev.quiver.dataset.DatasetOptions;
import dev.quiver.dataset.DatasetWriteOptions;
import dev.quiver.dataset.DatasetWriter;
import dev.quiver.dataset.Partitioning;
import dev.quiver.flight.FlightClient;
import dev.quiver.flight.FlightDescriptor;
import dev.quiver.flight.FlightEndpoint;
import dev.quiver.flight.FlightInfo;
import dev.quiver.flight.FlightStream;
import dev.quiver.flight.Location;
import dev.quiver.io.ArrowFormat;
import dev.quiver.testkit.PythonPeer;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code quiver flight serve DIR} of a dataset: one flight, one endpoint per file, read whole by two clients. */
class DatasetServeTest {
    private static final Schema SCHEMA = Schema.of(Field.notNull("id", ArrowType.INT64),
            Field.nullable("name", ArrowType.UTF8), Field.nullable("year", ArrowType.INT32));

    @TempDir
    Path tmp;

    private Path sales;

    @BeforeEach
    void dataset() {
        List<List<?>> rows = new ArrayList<>();
        for (long i = 0; i < 500; i++) {
            rows.add(Arrays.asList(i, i % 9 == 0 ? null : "n" + i % 13, 2020 + (int) (i % 4)));
        }
        sales = tmp.resolve("sales");
        DatasetWriter.write(new Table(SCHEMA, List.of(RecordBatch.ofRows(SCHEMA, rows))), sales,
                DatasetWriteOptions.DEFAULT.withFormat(ArrowFormat.PARQUET).withMaxRowsPerFile(60)
                        .withPartitionBy(Partitioning.Scheme.HIVE, "year"));
    }

    private static FlightCommandTest.Server serve(Object... args) throws InterruptedException {
        FlightCommandTest.Server server = FlightCommandTest.serve((Path) args[0],
                Arrays.copyOfRange(args, 1, args.length));
        assertTrue(server.err().toString().contains("as a dataset"), server.err().toString());
        return server;
    }

    private static List<Object> rows(List<RecordBatch> batches) {
        List<Object> out = new ArrayList<>();
        for (RecordBatch batch : batches) {
            for (long i = 0; i < batch.rowCount(); i++) {
                List<Object> row = new ArrayList<>();
                for (int c = 0; c < batch.schema().fields().size(); c++) {
                    row.add(batch.column(c).getObject(i));
                }
                out.add(row);
            }
        }
        return out;
    }

    @Test
    void quiversClientReadsEveryEndpointEqualToTheDataset() throws Exception {
        Dataset dataset = Dataset.open(sales, DatasetOptions.DEFAULT.withPartitioning(Partitioning.hive()));
        assertTrue(dataset.fragments().size() > 4, "several files per partition");
        try (FlightCommandTest.Server server = serve(sales);
                FlightClient client = FlightClient.builder(new Location(server.uri())).build()) {
            List<FlightInfo> flights = client.listFlights();
            assertEquals(1, flights.size());
            FlightInfo info = client.getFlightInfo(FlightDescriptor.path("sales"));
            assertEquals(dataset.schema(), info.schema());
            assertEquals(dataset.fragments().size(), info.endpoints().size(), "one endpoint per file");
            List<RecordBatch> got = new ArrayList<>();
            for (FlightEndpoint endpoint : info.endpoints()) {
                List<RecordBatch> one = new ArrayList<>();
                try (FlightStream stream = client.doGet(endpoint.ticket())) {
                    stream.forEach(one::add);
                }
                assertNotEquals(0, rows(one).size(), "each endpoint is a file's rows");
                got.addAll(one);
            }
            assertEquals(rows(dataset.toTable().batches()), rows(got));
            try (RecordBatchReader all = client.read(info)) {
                List<RecordBatch> parallel = new ArrayList<>();
                all.forEach(parallel::add);
                assertEquals(rows(dataset.toTable().batches()), rows(parallel));
            }
        }
    }

    @Test
    void directoryPartitioningIsGivenOnTheCommandLine() throws Exception {
        try (FlightCommandTest.Server server = serve(sales, "--partitioning", "dir:year");
                FlightClient client = FlightClient.builder(new Location(server.uri())).build()) {
            FlightInfo info = client.getFlightInfo(FlightDescriptor.path("sales"));
            assertEquals(List.of("id", "name", "year"), info.schema().names());
            assertEquals(ArrowType.UTF8, info.schema().field("year").type(), "year=2020 read as a directory name");
        }
    }

    /** pyarrow's Flight client reads every endpoint; the concatenation equals pyarrow.dataset's reading. */
    private static final String PYARROW_CLIENT = """
            import sys, pyarrow as pa, pyarrow.flight as fl, pyarrow.dataset as ds
            uri, root = sys.argv[1], sys.argv[2]
            client = fl.connect(uri)
            info = client.get_flight_info(fl.FlightDescriptor.for_path('sales'))
            parts = [client.do_get(e.ticket).read_all() for e in info.endpoints]
            served = pa.concat_tables(parts)
            expected = ds.dataset(root, format='parquet', partitioning='hive').to_table()
            assert len(info.endpoints) == len(ds.dataset(root, format='parquet').files), len(info.endpoints)
            assert served.schema.names == expected.schema.names, (served.schema, expected.schema)
            assert served.to_pylist() == expected.to_pylist(), 'rows differ'
            print('ok', served.num_rows, len(parts))
            """;

    @Test
    void pyarrowsClientReadsEveryEndpointEqualToPyarrowDataset() throws Exception {
        Optional<PythonPeer> python = PythonPeer.find();
        assumeTrue(python.isPresent(), PythonPeer.SKIP_MESSAGE);
        try (FlightCommandTest.Server server = serve(sales)) {
            String out = python.get().run(PYARROW_CLIENT, server.uri(), sales.toString());
            assertTrue(out.strip().startsWith("ok 500 "), out);
        }
    }

    @Test
    void uploadsAreRefusedForADataset() {
        StringWriter err = new StringWriter();
        CommandLine cli = QuiverCommand.commandLine();
        cli.setErr(new PrintWriter(err, true));
        int exit = cli.execute("flight", "serve", sales.toString(), "--allow-upload", "--port", "0");
        assertNotEquals(0, exit);
        assertTrue(err.toString().contains("without uploads"), err.toString());
    }
}
