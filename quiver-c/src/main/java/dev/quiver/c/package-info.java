// SPDX-License-Identifier: Apache-2.0
/**
 * The Arrow C Data and C Stream interfaces on the Foreign Function and Memory API: no JNI, no native code
 * of Quiver's own. {@link dev.quiver.c.CData} exports and imports schemas, arrays and record batches
 * ({@code ArrowSchema}, {@code ArrowArray}); {@link dev.quiver.c.CStreams} exports a
 * {@link dev.quiver.core.batch.RecordBatchReader} as an {@code ArrowArrayStream} and imports one as a
 * {@link dev.quiver.c.CStreamReader}. Release callbacks are upcall stubs; imported buffers are the
 * producer's memory, read in place.
 *
 * <h2>What an import checks, and what it trusts</h2>
 * An {@code ArrowArray} carries pointers, not sizes. The import computes every size the C Data interface
 * lets a consumer know, from the type, {@code offset} and {@code length} (each buffer holds
 * {@code offset + length} slots): validity bitmaps, fixed-width values, offsets ({@code offset + length +
 * 1} entries), type ids and union offsets, views, list-view offsets and sizes; a binary or string data
 * buffer holds up to the last offset; a view array's variadic buffers hold the sizes its producer gives in
 * its last buffer. Each buffer becomes a segment of exactly that size, so nothing past it is read. Then
 * structural validation (always) checks children long enough for their parents and the first and last
 * offsets within their data; full validation (when asked) checks every value against those sizes:
 * each offset and view within its data, union offsets, runs and dictionary indices within their arrays.
 * Counts are checked first: {@code length}, {@code offset} and {@code null_count} not
 * negative and their sums not overflowing, {@code n_buffers} and {@code n_children} those of the type, a
 * dictionary exactly where the type has one, no pointer null where the size is not zero. Before any
 * range is read (buffers, the arrays of buffer and child pointers, child and dictionary structures) it is
 * checked to lie in the address space and, on Linux, in readable memory of the process
 * ({@code /proc/self/maps}, re-read before any refusal): a length or offset that takes a buffer past its
 * producer's mapping, such as 2<sup>36</sup> values over a few bytes, is refused rather than read.
 * Of an {@code ArrowSchema}, whose strings and metadata carry no sizes, the format string and name are
 * read up to their NUL and the metadata as its encoding says, never past readable memory: a string
 * without its NUL, or a metadata length past the end, is refused rather than read.
 * Anything found malformed is a {@link dev.quiver.c.CDataException} naming the field's path
 * ({@code record batch.children[1] 's'}, {@code array.dictionary}) and what is wrong.
 *
 * <p>What the import cannot check, the producer is trusted for, as the interface requires: every non-null
 * pointer is readable for the size the spec implies from the structure's own counts, and stays so until
 * the release callback is called. A length a little too large over a buffer followed by other readable
 * memory (the rest of the producer's heap) cannot be told apart from a right one: the values read are
 * then whatever lies there, and full validation checks only what their layout constrains. Memory unmapped
 * in the second before an import may pass the readable-memory check, which is also skipped where
 * {@code /proc/self/maps} cannot be read (other systems check only the address-space bound).
 *
 * <p>This module calls restricted methods (it makes upcall stubs and gives foreign addresses a size):
 * grant it native access with {@code --enable-native-access=dev.quiver.c} on the module path (or
 * {@code ALL-UNNAMED} on the class path), else the JVM warns on first use (and a later JDK may refuse).
 * No other Quiver module needs the flag.
 */
package dev.quiver.c;
