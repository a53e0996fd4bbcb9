// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import java.util.Arrays;

/**
 * An opaque key a server hands out in a {@link FlightEndpoint} and takes back in DoGet.
 *
 * @param bytes the ticket's bytes
 */
public record Ticket(byte[] bytes) {
    /**
     * A ticket.
     *
     * @param bytes the ticket's bytes
     */
    public Ticket {
        bytes = bytes.clone();
    }

    /**
     * The ticket's bytes.
     *
     * @return a copy of the bytes
     */
    @Override
    public byte[] bytes() {
        return bytes.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Ticket t && Arrays.equals(t.bytes, bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return "Ticket[" + bytes.length + " bytes]";
    }
}
