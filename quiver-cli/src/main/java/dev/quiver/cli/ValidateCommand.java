// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.cli.io.Formats;
import dev.quiver.cli.io.Inputs;
import dev.quiver.cli.text.Sizes;
import dev.quiver.core.QuiverException;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.compare.BatchComparator;
import dev.quiver.core.compare.Difference;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.io.ArrowFormat;
import dev.quiver.ipc.IpcReadOptions;
import dev.quiver.ipc.IpcStreamReader;
import dev.quiver.json.IntegrationJsonReader;
import dev.quiver.json.JsonFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Model.PositionalParamSpec;

/** {@code quiver validate FILE} and {@code quiver validate ARROW JSON}. */
final class ValidateCommand extends Subcommand {
    static final String NAME = "validate";

    private final PositionalParamSpec files = parameter(positional("0..*", "FILE", List.class,
            "FILE: an Arrow file or stream (or JSON or CSV) to validate alone;",
            "ARROW JSON: an Arrow file or stream and the integration JSON it must equal.")
            .auxiliaryTypes(Path.class).arity("1..2"));

    ValidateCommand() {
        super(NAME, "With one FILE: reads it and checks every invariant of the Arrow format in every batch "
                + "(full validation); prints OK and the batch and row counts, or the problem. OK notes a stream that "
                + "ends without its end-of-stream marker (allowed, but a stream cut short between two messages "
                + "reads the same way).",
                "With ARROW and JSON: also reads the integration JSON file (.json or .json.gz) and compares the two "
                + "batch by batch, value by value (schemas, dictionaries decoded); prints OK, or the first "
                + "difference (batch, column, row and both values).",
                "Exit status 0 when valid and equal, 1 on any problem or difference.");
    }

    @Override
    public Integer call() throws Exception {
        List<Path> files = this.files.getValue();
        PrintWriter out = out();
        out.println(files.size() == 1 ? validate(files.get(0)) : compare(files));
        out.flush();
        return 0;
    }

    private static String validate(Path file) throws IOException {
        ArrowFormat format = Formats.ofInput(file);
        try (RecordBatchReader source = Inputs.open(file)) {
            long batches = 0;
            long rows = 0;
            for (RecordBatch batch : source) {
                if (format.isDelimited()) {
                    batch.validateFull();
                }
                batches++;
                rows += batch.rowCount();
            }
            return "OK: " + file + " (" + format.label() + "): " + Sizes.count(batches, "batch", "batches")
                    + ", " + Sizes.count(rows, "row", "rows") + ", fully valid" + endOfStream(source);
        } catch (QuiverException e) {
            throw new CliException(file + ": invalid: " + e.getMessage(), e);
        }
    }

    /**
     * A note when a stream ends without its end-of-stream marker: the format allows that (closing the
     * stream also ends it), but a stream cut short between two messages reads the same way.
     */
    private static String endOfStream(RecordBatchReader source) {
        if (!(source instanceof IpcStreamReader stream) || stream.endedWithMarker()) {
            return "";
        }
        return "; no end-of-stream marker: the stream may have been cut short";
    }

    private static String compare(List<Path> files) throws IOException {
        Path arrow = files.get(0);
        Path json = files.get(1);
        if (ArrowFormat.byName(arrow) == ArrowFormat.JSON && ArrowFormat.byName(json) != ArrowFormat.JSON) {
            arrow = files.get(1);
            json = files.get(0);
        }
        if (ArrowFormat.byName(json) != ArrowFormat.JSON) {
            throw new CliException("the second file must be integration JSON (.json or .json.gz): " + json,
                    CliException.USAGE);
        }
        JsonFile expected;
        try {
            expected = IntegrationJsonReader.read(json);
        } catch (QuiverException e) {
            throw new CliException(json + ": invalid: " + e.getMessage(), e);
        }
        try (RecordBatchReader source = Inputs.openArrow(arrow, IpcReadOptions.DEFAULT)) {
            List<RecordBatch> batches = source.stream().toList();
            if (!sameFields(source.schema(), expected.schema())) {
                throw new CliException(arrow + " and " + json + " differ: schemas differ: " + source.schema()
                        + " vs " + expected.schema());
            }
            Optional<Difference> difference = new BatchComparator().compare(batches, expected.batches());
            if (difference.isPresent()) {
                throw new CliException(arrow + " and " + json + " differ: " + difference.get().message());
            }
            long rows = batches.stream().mapToLong(RecordBatch::rowCount).sum();
            return "OK: " + arrow + " equals " + json + " (" + Sizes.count(batches.size(), "batch", "batches")
                    + ", " + Sizes.count(rows, "row", "rows") + ")";
        } catch (QuiverException e) {
            throw new CliException(arrow + ": invalid: " + e.getMessage(), e);
        }
    }

    /** Same field names and count (types are compared with the values, batch by batch). */
    private static boolean sameFields(Schema a, Schema b) {
        return a.fields().stream().map(Field::name).toList().equals(b.fields().stream().map(Field::name).toList());
    }
}
