// SPDX-License-Identifier: Apache-2.0
/**
 * The canonical extension types with parameters or structured storage: {@code arrow.fixed_shape_tensor},
 * {@code arrow.variable_shape_tensor}, {@code arrow.timestamp_with_offset} and
 * {@code arrow.parquet.variant}. Each has a class of its parameters that parses and checks the
 * serialized metadata and the storage type, and a typed view over an {@link
 * dev.quiver.core.array.ExtensionArray} of it.
 */
package dev.quiver.core.extension;
