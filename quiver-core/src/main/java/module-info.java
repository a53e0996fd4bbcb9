// SPDX-License-Identifier: Apache-2.0
/**
 * Quiver core: memory on MemorySegments, the Arrow type system, arrays and record batches, and their
 * comparison.
 */
module dev.quiver.core {
    exports dev.quiver.core;
    exports dev.quiver.core.memory;
    exports dev.quiver.core.type;
    exports dev.quiver.core.extension;
    exports dev.quiver.core.array;
    exports dev.quiver.core.builder;
    exports dev.quiver.core.validation;
    exports dev.quiver.core.batch;
    exports dev.quiver.core.compare;
    exports dev.quiver.core.text;
    exports dev.quiver.core.io;
}
