// SPDX-License-Identifier: Apache-2.0
/** The Arrow JSON integration-test format: reading and writing record batches. */
module dev.quiver.json {
    requires transitive dev.quiver.core;
    requires com.fasterxml.jackson.core;
    exports dev.quiver.json;
}
