// SPDX-License-Identifier: Apache-2.0
/** Page compression codecs behind one interface, {@link dev.quiver.parquet.codec.PageCodec} (internal, not exported). */
package dev.quiver.parquet.codec;
