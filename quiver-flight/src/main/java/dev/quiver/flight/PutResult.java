// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import java.util.Arrays;

/**
 * A server's acknowledgement in DoPut.
 *
 * @param appMetadata application-defined bytes
 */
public record PutResult(byte[] appMetadata) {
    /**
     * An acknowledgement.
     *
     * @param appMetadata application-defined bytes
     */
    public PutResult {
        appMetadata = appMetadata.clone();
    }

    /**
     * The application-defined bytes.
     *
     * @return a copy of the bytes
     */
    @Override
    public byte[] appMetadata() {
        return appMetadata.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PutResult r && Arrays.equals(r.appMetadata, appMetadata);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(appMetadata);
    }
}
