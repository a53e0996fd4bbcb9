// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli.flight;

import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import dev.quiver.flight.FlightDescriptor;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.stream.Collectors;

/** Flight records as text. */
final class Describe {
    private Describe() {
    }

    /** A descriptor as a name: its path joined by '/', or its command (as text when printable, else hex). */
    static String name(FlightDescriptor d) {
        return d.isCommand() ? "command " + bytes(d.command()) : String.join("/", d.path());
    }

    /** Bytes as text when they are printable ASCII, else as hex. */
    static String bytes(byte[] b) {
        for (byte x : b) {
            if (x < 0x20 || x > 0x7e) {
                return "0x" + HexFormat.of().formatHex(b);
            }
        }
        return new String(b, StandardCharsets.US_ASCII);
    }

    /** The fields of a schema in one line: {@code a: Int(64, signed), b: Utf8}. */
    static String fields(Schema schema) {
        if (schema == null) {
            return "?";
        }
        return schema.fields().stream().map(Describe::field).collect(Collectors.joining(", "));
    }

    static String field(Field f) {
        return f.name() + ": " + f.type() + (f.nullable() ? "" : " not null");
    }
}
