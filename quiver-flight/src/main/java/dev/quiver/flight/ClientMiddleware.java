// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import java.util.Map;

/** A hook run by the client before every call: it may add request headers. */
@FunctionalInterface
public interface ClientMiddleware {
    /**
     * Called before a call's headers are sent.
     *
     * @param method the RPC's name (for example {@code DoGet})
     * @param headers the headers to send; add to it (names in lower case)
     */
    void onCallStarting(String method, Map<String, String> headers);
}
