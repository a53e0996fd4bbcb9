// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.type;

/**
 * How a field is dictionary-encoded: the dictionary's id, index type and ordering.
 *
 * @param id the id of the dictionary in an IPC stream, or -1 if none is assigned yet
 * @param indexType the type of the indices
 * @param ordered whether the order of the dictionary's values is meaningful
 */
public record DictionaryEncoding(long id, ArrowType.Int indexType, boolean ordered) {
}
