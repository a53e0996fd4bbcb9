// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import picocli.CommandLine.Model.PositionalParamSpec;

/** {@code quiver schema FILE}: the schema of a file, one field per line. */
final class SchemaCommand extends Subcommand {
    static final String NAME = "schema";

    private final PositionalParamSpec file = parameter(positional("0", "FILE", Path.class,
            "The file to describe."));

    private final InputOptions input = new InputOptions(this);

    SchemaCommand() {
        super(NAME, "Prints the schema of FILE: its format, then one line per field (name, type, nullability,"
                + " dictionary encoding) and the custom metadata.",
                "FILE is an Arrow file or stream, integration JSON (.json, .json.gz), CSV (.csv), TSV (.tsv) or "
                + "NDJSON (.ndjson, .jsonl); '-' is standard input (with --from). CSV types are inferred from the "
                + "first block only.");
    }

    @Override
    public Integer call() throws Exception {
        Path file = this.file.getValue();
        PrintWriter out = out();
        try (RecordBatchReader source = input.open(file)) {
            Schema schema = source.schema();
            out.println(input.label(file, source) + ", " + schema.fields().size() + " field"
                    + (schema.fields().size() == 1 ? "" : "s") + ":");
            for (Field field : schema.fields()) {
                print(out, field, "  ");
            }
            printMetadata(out, "schema metadata", schema.metadata(), "");
        }
        out.flush();
        return 0;
    }

    private static void print(PrintWriter out, Field field, String indent) {
        StringBuilder line = new StringBuilder(indent).append(field.name()).append(": ")
                .append(field.type()).append(field.nullable() ? "" : " not null");
        if (field.dictionaryId() != null) {
            line.append(" (dictionary id ").append(field.dictionaryId()).append(')');
        }
        out.println(line);
        printMetadata(out, "metadata", field.metadata(), indent + "  ");
    }

    private static void printMetadata(PrintWriter out, String what, Map<String, String> metadata, String indent) {
        if (metadata != null && !metadata.isEmpty()) {
            out.println(indent + what + ":");
            metadata.forEach((k, v) -> out.println(indent + "  " + k + " = " + v));
        }
    }
}
