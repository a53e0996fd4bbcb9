// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.type;

/** How a field is dictionary-encoded: the dictionary's id (-1 if unassigned), index type and ordering. */
public record DictionaryEncoding(long id, ArrowType.Int indexType, boolean ordered) {
}
