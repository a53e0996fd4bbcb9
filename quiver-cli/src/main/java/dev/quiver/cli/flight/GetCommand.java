// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.flight;

import dev.quiver.cli.ArrowFormat;
import dev.quiver.cli.CliException;
import dev.quiver.cli.io.DataFormat;
import dev.quiver.cli.io.Outputs;
import dev.quiver.cli.text.Progress;
import dev.quiver.cli.text.Sizes;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.flight.FlightClient;
import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightInfo;
import dev.quiver.flight.Location;
import dev.quiver.ipc.IpcWriteOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** {@code quiver flight get URI NAME OUT}: fetches a flight into a file. */
@Command(name = "get", mixinStandardHelpOptions = true,
        description = {"Fetches the flight NAME of the service at URI into OUT: GetFlightInfo, then DoGet of its "
                + "endpoints, several at once (in endpoint order when the flight is ordered).",
                "OUT's format follows its name, as for convert (.arrow, .arrows, .csv, .json, ...); it appears only "
                        + "once complete. Prints one line: what was written."})
final class GetCommand implements Callable<Integer> {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "URI", description = "The service: grpc://HOST:PORT or grpc+tls://HOST:PORT.")
    String uri;

    @Parameters(index = "1", paramLabel = "NAME", description = "The flight: its path, segments joined by '/'.")
    String name;

    @Parameters(index = "2", paramLabel = "OUT", description = "The file to write (replaced if it exists).")
    Path out;

    @Option(names = "--format", paramLabel = "file|stream",
            description = "Arrow output format, whatever OUT's name (default: by OUT's name).")
    ArrowFormat format;

    @Option(names = "--parallel", paramLabel = "N", defaultValue = "4",
            description = "How many endpoints to fetch at once (default: ${DEFAULT-VALUE}).")
    int parallel;

    @CommandLine.Mixin
    ClientOptions client;

    @Override
    public Integer call() throws Exception {
        Location location = Remote.location(uri);
        DataFormat target = DataFormat.ofOutput(out, ArrowFormat.of(format));
        if (parallel < 1) {
            throw new CliException("--parallel must be at least 1", CliException.USAGE);
        }
        long[] batchesAndRows = new long[2];
        try (FlightClient c = client.connect(location)) {
            FlightInfo info = Remote.call(location, () -> c.getFlightInfo(InfoCommand.descriptor(name)));
            try (RecordBatchReader source = c.read(info, parallel);
                    Progress progress = Progress.start("fetching " + name, info.totalRecords())) {
                Outputs.write(out, target, source.schema(), IpcWriteOptions.DEFAULT, writer -> {
                    for (RecordBatch batch : source) {
                        writer.write(batch);
                        batchesAndRows[0]++;
                        batchesAndRows[1] += batch.rowCount();
                        if (info.totalRecords() > 0) {
                            progress.advance(batch.rowCount());
                        }
                    }
                });
            } catch (FlightException e) {
                throw Remote.failure(location, e);
            }
        }
        spec.commandLine().getOut().println("wrote " + out + " (" + target.label() + "): "
                + Sizes.count(batchesAndRows[0], "batch", "batches") + ", "
                + Sizes.count(batchesAndRows[1], "row", "rows") + ", " + Sizes.bytes(Files.size(out)));
        spec.commandLine().getOut().flush();
        return 0;
    }
}
