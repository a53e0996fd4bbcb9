// SPDX-License-Identifier: Apache-2.0
/**
 * Value equality of Arrow data, as the reference (C++) implementation defines it, with the first
 * difference named: {@link dev.quiver.core.compare.BatchComparator} compares record batches and arrays
 * logically (whatever their offsets, buffer sharing, bytes under nulls, dictionary or run boundaries),
 * {@link dev.quiver.core.compare.TypeComparator} compares types without the names the format does not
 * consider part of a type, and a {@link dev.quiver.core.compare.Difference} says where the first
 * difference lies and what it is.
 *
 * {@snippet :
 * Optional<Difference> d = new BatchComparator().compare(written, readBack);
 * if (d.isPresent()) {
 *     throw new AssertionError(d.get().message());   // batch 2, column tags.item, row 9, index 31: ...
 * }
 * }
 */
package dev.quiver.core.compare;
