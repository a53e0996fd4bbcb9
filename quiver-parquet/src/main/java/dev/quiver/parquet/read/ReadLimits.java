// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.read;

import dev.quiver.core.memory.BufferAllocator;

/**
 * What the decoding of one column chunk may use.
 *
 * @param allocator the allocator of values and page buffers
 * @param verifyChecksums whether page CRCs are checked
 * @param maxPageBytes the largest uncompressed page accepted
 * @param maxLevels the most level entries (values, nulls included) one column chunk may hold
 * @param validation how each column read is validated (on its decoding thread)
 * @param pages where the data pages decoded and skipped are counted
 * @param scratch the memory held only while a column chunk decodes
 */
public record ReadLimits(BufferAllocator allocator, boolean verifyChecksums, long maxPageBytes, int maxLevels,
        dev.quiver.core.validation.ValidationLevel validation, PageCounts pages, ScratchBuffers scratch) {
}
