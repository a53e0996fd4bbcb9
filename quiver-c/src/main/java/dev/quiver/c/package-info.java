// SPDX-License-Identifier: Apache-2.0
/**
 * The Arrow C Data and C Stream interfaces on the Foreign Function and Memory API: no JNI, no native code
 * of Quiver's own. {@link dev.quiver.c.CData} exports and imports schemas, arrays and record batches
 * ({@code ArrowSchema}, {@code ArrowArray}); {@link dev.quiver.c.CStreams} exports a
 * {@link dev.quiver.core.batch.RecordBatchReader} as an {@code ArrowArrayStream} and imports one as a
 * {@link dev.quiver.c.CStreamReader}. Release callbacks are upcall stubs; imported buffers are the
 * producer's memory, read in place through segments of checked sizes. Anything malformed is a
 * {@link dev.quiver.c.CDataException}.
 *
 * <p>This module calls restricted methods (it makes upcall stubs and gives foreign addresses a size):
 * grant it native access with {@code --enable-native-access=dev.quiver.c} on the module path (or
 * {@code ALL-UNNAMED} on the class path), else the JVM warns on first use (and a later JDK may refuse).
 * No other Quiver module needs the flag.
 */
package dev.quiver.c;
