// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import dev.quiver.cli.io.CsvTypes;
import dev.quiver.core.type.ArrowType;
import java.util.Map;
import picocli.CommandLine.Option;

/** The {@code --types} option of commands that read CSV. */
final class CsvTypesOption {
    @Option(names = "--types", paramLabel = "COL=TYPE[,...]",
            description = "CSV input: the types of these columns (others are inferred as int64, decimal128 (integers "
                    + "beyond int64, or beyond 2^53 among floats), float64, bool or utf8). Types: int8, int16, int32, "
                    + "int64, uint8, uint16, uint32, uint64, float32, float64, bool, utf8, large_utf8, date32.")
    String types;

    Map<String, ArrowType> parsed() {
        return CsvTypes.parse(types);
    }
}
