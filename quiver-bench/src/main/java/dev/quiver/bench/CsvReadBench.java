// SPDX-License-Identifier: Apache-2.0
package dev.quiver.bench;

import dev.quiver.core.batch.RecordBatch;
import dev.quiver.csv.CsvReadOptions;
import dev.quiver.csv.CsvReader;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Quiver's {@link CsvReader} reading the file of {@code csv-bench.py gen} whole (types inferred, every
 * batch built), on one thread ({@code threads=1}) and on all cores ({@code threads=0}). pyarrow's side is
 * {@code csv-bench.py read}. The file is given with {@code -p file=PATH}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 5)
@Fork(value = 1, jvmArgsAppend = {Flags.NATIVE, Flags.HEAP})
public class CsvReadBench {
    @Param("bench-1m.csv")
    public String file;

    @Param({"1", "0"})
    public int threads;

    @Benchmark
    public long read() {
        CsvReadOptions options = CsvReadOptions.DEFAULT;
        if (threads > 0) {
            options = options.withThreads(threads);
        }
        long rows = 0;
        try (CsvReader reader = CsvReader.open(Path.of(file), options)) {
            for (RecordBatch batch : reader) {
                rows += batch.rowCount();
            }
        }
        return rows;
    }
}
