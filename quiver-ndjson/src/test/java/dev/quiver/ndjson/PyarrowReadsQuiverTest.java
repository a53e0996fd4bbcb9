// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ndjson;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.compare.BatchComparator;
import dev.quiver.core.compare.Difference;
import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.core.type.TimeUnit;
import dev.quiver.ipc.IpcFileReader;
import dev.quiver.testkit.PythonPeer;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** pyarrow.json.read_json reads what NdjsonWriter writes, with equal values (run only with a Python peer). */
class PyarrowReadsQuiverTest {
    private static final String READ_JSON = """
            import sys
            import pyarrow as pa, pyarrow.ipc as ipc, pyarrow.json as pj
            explicit = pa.schema([("ts", pa.timestamp("us")), ("tz", pa.timestamp("ms", tz="UTC"))])
            table = pj.read_json(sys.argv[1], parse_options=pj.ParseOptions(explicit_schema=explicit))
            with ipc.new_file(sys.argv[2], table.schema) as writer:
                writer.write_table(table)
            """;

    @TempDir
    Path dir;

    @Test
    void pyarrowReadsQuiversNdjson() throws Exception {
        Optional<PythonPeer> python = PythonPeer.find();
        Assumptions.assumeTrue(python.isPresent(), PythonPeer.SKIP_MESSAGE);
        ArrowType struct = ArrowType.Struct.of(Field.nullable("a", ArrowType.INT64), Field.nullable("b", ArrowType.UTF8));
        Schema schema = Schema.of(Field.nullable("i", ArrowType.INT64), Field.nullable("f", ArrowType.FLOAT64),
                Field.nullable("b", ArrowType.BOOL), Field.nullable("s", ArrowType.UTF8),
                Field.nullable("l", ArrowType.List.of(ArrowType.INT64)), Field.nullable("o", struct),
                Field.nullable("ts", new ArrowType.Timestamp(TimeUnit.MICROSECOND)),
                Field.nullable("tz", new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC")));
        Random random = new Random(14);
        List<List<Object>> rows = new ArrayList<>();
        for (int r = 0; r < 500; r++) {
            boolean nulls = r % 7 == 3;
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("a", random.nextLong());
            o.put("b", RandomText.of(random, 12));
            rows.add(Arrays.asList(nulls ? null : random.nextLong(), nulls ? null : random.nextDouble() * 1e6 - 5e5,
                    nulls ? null : random.nextBoolean(), nulls ? null : RandomText.of(random, 30),
                    nulls ? null : List.of(random.nextLong(), random.nextInt()), nulls ? null : o,
                    nulls ? null : LocalDateTime.of(1900 + random.nextInt(300), 1 + random.nextInt(12), 1 + random.nextInt(28),
                            random.nextInt(24), random.nextInt(60), random.nextInt(60), random.nextInt(1_000_000) * 1000),
                    nulls ? null : Instant.ofEpochMilli(random.nextLong(-10_000_000_000_000L, 10_000_000_000_000L))));
        }
        RecordBatch batch = RecordBatch.ofRows(schema, rows);
        Path ndjson = dir.resolve("quiver.ndjson");
        try (NdjsonWriter writer = NdjsonWriter.open(ndjson, schema)) {
            writer.write(batch);
        }
        Path arrow = dir.resolve("pyarrow.arrow");
        python.get().run(READ_JSON, ndjson.toString(), arrow.toString());
        List<RecordBatch> read = new ArrayList<>();
        try (IpcFileReader reader = IpcFileReader.open(arrow)) {
            reader.forEach(read::add);
        }
        assertEquals(1, read.size());
        RecordBatch theirs = read.get(0);
        List<dev.quiver.core.array.Array> columns = new ArrayList<>();
        for (Field f : schema.fields()) {
            columns.add(theirs.column(f.name()));
        }
        Optional<Difference> difference = new BatchComparator().compare(0, batch,
                new RecordBatch(schema, columns, theirs.rowCount()));
        assertEquals(Optional.empty(), difference.map(Difference::toString));
    }
}
