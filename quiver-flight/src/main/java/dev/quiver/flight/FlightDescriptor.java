// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * What a client asks for: a path (a named dataset) or an opaque command (a query, say).
 *
 * @param isCommand whether this is a command descriptor rather than a path
 * @param command the command's bytes (empty for a path)
 * @param path the path's segments (empty for a command)
 */
public record FlightDescriptor(boolean isCommand, byte[] command, List<String> path) {
    /**
     * A descriptor.
     *
     * @param isCommand whether this is a command descriptor rather than a path
     * @param command the command's bytes (empty for a path)
     * @param path the path's segments (empty for a command)
     */
    public FlightDescriptor {
        command = command.clone();
        path = List.copyOf(path);
    }

    /**
     * A path descriptor.
     *
     * @param segments the path's segments
     * @return the descriptor
     */
    public static FlightDescriptor path(String... segments) {
        return new FlightDescriptor(false, new byte[0], List.of(segments));
    }

    /**
     * A command descriptor.
     *
     * @param command the command's bytes
     * @return the descriptor
     */
    public static FlightDescriptor command(byte[] command) {
        return new FlightDescriptor(true, command, List.of());
    }

    /**
     * The command's bytes.
     *
     * @return a copy of the command (empty for a path)
     */
    @Override
    public byte[] command() {
        return command.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FlightDescriptor d && d.isCommand == isCommand && Arrays.equals(d.command, command)
                && d.path.equals(path);
    }

    @Override
    public int hashCode() {
        return Objects.hash(isCommand, Arrays.hashCode(command), path);
    }

    @Override
    public String toString() {
        return isCommand ? "FlightDescriptor[command of " + command.length + " bytes]" : "FlightDescriptor" + path;
    }
}
