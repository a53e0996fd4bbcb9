// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import java.util.Arrays;

/**
 * One result of DoAction.
 *
 * @param body the result's bytes
 */
public record Result(byte[] body) {
    /**
     * A result.
     *
     * @param body the result's bytes
     */
    public Result {
        body = body.clone();
    }

    /**
     * The result's bytes.
     *
     * @return a copy of the bytes
     */
    @Override
    public byte[] body() {
        return body.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Result r && Arrays.equals(r.body, body);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(body);
    }
}
