// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.flight;

import dev.quiver.cli.CliException;
import dev.quiver.cli.Subcommand;
import dev.quiver.cli.io.Formats;
import dev.quiver.cli.io.Outputs;
import dev.quiver.cli.text.Progress;
import dev.quiver.cli.text.Sizes;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.flight.FlightClient;
import dev.quiver.flight.FlightException;
import dev.quiver.flight.FlightInfo;
import dev.quiver.flight.Location;
import dev.quiver.io.ArrowFormat;
import dev.quiver.ipc.IpcWriteOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/** {@code quiver flight get URI NAME OUT}: fetches a flight into a file. */
final class GetCommand extends Subcommand {
    static final String NAME = "get";

    private final PositionalParamSpec uri = parameter(positional("0", "URI", String.class,
            "The service: grpc://HOST:PORT or grpc+tls://HOST:PORT."));

    private final PositionalParamSpec name = parameter(positional("1", "NAME", String.class,
            "The flight: its path, segments joined by '/'."));

    private final PositionalParamSpec out = parameter(positional("2", "OUT", Path.class,
            "The file to write (replaced if it exists)."));

    private final OptionSpec format = option(valued("--format", "file|stream", ArrowFormat.class,
            "Arrow output format, whatever OUT's name (default: by OUT's name)."));

    private final OptionSpec parallel = option(valued("--parallel", "N", int.class,
            "How many endpoints to fetch at once (default: ${DEFAULT-VALUE}).").defaultValue("4"));

    private final ClientOptions client = new ClientOptions(this);

    GetCommand() {
        super(NAME, "Fetches the flight NAME of the service at URI into OUT: GetFlightInfo, then DoGet of its "
                + "endpoints, several at once (in endpoint order when the flight is ordered).",
                "OUT's format follows its name, as for convert (.arrow, .arrows, .csv, .json, ...); it appears only "
                + "once complete. Prints one line: what was written.");
    }

    @Override
    public Integer call() throws Exception {
        String uri = this.uri.getValue();
        String name = this.name.getValue();
        Path out = this.out.getValue();
        ArrowFormat format = this.format.getValue();
        int parallel = this.parallel.getValue();
        Location location = Remote.location(uri);
        ArrowFormat target = Formats.ofOutput(out, Formats.ipc(format));
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
        out().println("wrote " + out + " (" + target.label() + "): "
                + Sizes.count(batchesAndRows[0], "batch", "batches") + ", "
                + Sizes.count(batchesAndRows[1], "row", "rows") + ", " + Sizes.bytes(Files.size(out)));
        out().flush();
        return 0;
    }
}
