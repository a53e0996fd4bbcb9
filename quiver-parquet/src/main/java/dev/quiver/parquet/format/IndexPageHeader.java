// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.format;

import dev.quiver.parquet.thrift.ThriftReader;

/** The header of an index page (the format defines no fields; such pages are skipped). */
public record IndexPageHeader() {
    /**
     * Reads one from the compact protocol (any fields are skipped).
     *
     * @param in the reader
     * @return the header
     */
    public static IndexPageHeader read(ThriftReader in) {
        in.skipStruct();
        return new IndexPageHeader();
    }
}
