// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.flight;

import dev.quiver.cli.Subcommand;
import dev.quiver.cli.io.Formats;
import dev.quiver.cli.io.Inputs;
import dev.quiver.cli.text.Progress;
import dev.quiver.cli.text.Sizes;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.flight.FlightClient;
import dev.quiver.flight.FlightException;
import dev.quiver.flight.Location;
import dev.quiver.flight.PutStream;
import dev.quiver.io.ArrowFormat;
import dev.quiver.ipc.IpcFileReader;
import java.nio.file.Path;
import picocli.CommandLine.Model.PositionalParamSpec;

/** {@code quiver flight put URI FILE [NAME]}: uploads a file as a flight. */
final class PutCommand extends Subcommand {
    static final String NAME = "put";

    private final PositionalParamSpec uri = parameter(positional("0", "URI", String.class,
            "The service: grpc://HOST:PORT or grpc+tls://HOST:PORT."));

    private final PositionalParamSpec file = parameter(positional("1", "FILE", Path.class,
            "The file to upload."));

    private final PositionalParamSpec name = parameter(positional("2", "NAME", String.class,
            "The flight's name: its path, segments joined by '/' (default: from FILE's name).").arity("0..1")
            .required(false));

    private final ClientOptions client = new ClientOptions(this);

    /** FILE's name, with .arrow for formats other than Arrow. */
    private static String defaultName(Path file, ArrowFormat format) {
        String base = file.getFileName().toString();
        if (format.isArrow()) {
            return base;
        }
        String stem = base.endsWith(".json.gz") ? base.substring(0, base.length() - 8)
                : base.contains(".") ? base.substring(0, base.lastIndexOf('.')) : base;
        return stem + ".arrow";
    }

    PutCommand() {
        super(NAME, "Uploads FILE to the service at URI as the flight NAME (DoPut).",
                "FILE is an Arrow file or stream, integration JSON or CSV (as for convert). NAME defaults to FILE's "
                + "name, with .arrow in place of the extension for JSON and CSV. Prints one line: what was sent.");
    }

    @Override
    public Integer call() throws Exception {
        String uri = this.uri.getValue();
        Path file = this.file.getValue();
        String name = this.name.getValue();
        Location location = Remote.location(uri);
        long batches = 0;
        long rows = 0;
        try (RecordBatchReader source = Inputs.open(file)) {
            String flight = name != null ? name : defaultName(file, Formats.ofInput(file));
            long total = source instanceof IpcFileReader f ? f.batchCount() : 0;
            try (FlightClient c = client.connect(location);
                    Progress progress = Progress.start("uploading " + flight, total)) {
                PutStream put = Remote.call(location, () -> c.doPut(InfoCommand.descriptor(flight), source.schema()));
                try {
                    for (RecordBatch batch : source) {
                        put.write(batch);
                        batches++;
                        rows += batch.rowCount();
                        if (total > 0) {
                            progress.advance(1);
                        }
                    }
                } catch (RuntimeException e) {
                    put.cancel();
                    throw e;
                }
                put.close();
                out().println("sent " + file + " to " + location.uri() + " as " + flight + ": "
                        + Sizes.count(batches, "batch", "batches") + ", " + Sizes.count(rows, "row", "rows"));
            } catch (FlightException e) {
                throw Remote.failure(location, e);
            }
        }
        out().flush();
        return 0;
    }
}
