// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.read;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Known faults of old writers, recognised by the footer's {@code created_by}, that readers work around. */
final class WriterQuirks {
    /** The most bytes a dictionary page header takes, the padding added for PARQUET-816. */
    static final long MAX_DICTIONARY_HEADER_SIZE = 100;
    private static final Pattern PARQUET_MR = Pattern.compile("parquet-mr(?: version (\\d+)\\.(\\d+)\\.(\\d+))?.*",
            Pattern.DOTALL);

    private WriterQuirks() {}

    /**
     * PARQUET-816: parquet-mr up to 1.2.8 left the dictionary page header out of a column chunk's
     * total_compressed_size, so the chunk's last page runs past the declared length.
     *
     * @param createdBy the footer's created_by, or null
     * @return whether the writer had the fault
     */
    static boolean dictionaryHeaderUncounted(String createdBy) {
        if (createdBy == null) {
            return false;
        }
        Matcher m = PARQUET_MR.matcher(createdBy);
        if (!m.matches()) {
            return false;
        }
        if (m.group(1) == null) {
            return true;
        }
        int[] v;
        try {
            v = new int[] {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3))};
        } catch (NumberFormatException e) {
            return false;
        }
        return v[0] < 1 || (v[0] == 1 && (v[1] < 2 || (v[1] == 2 && v[2] < 9)));
    }
}
