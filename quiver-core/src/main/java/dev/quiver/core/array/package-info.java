// SPDX-License-Identifier: Apache-2.0
/**
 * Arrow arrays: immutable, typed views over the generic {@link dev.quiver.core.array.ArrayData} (a type,
 * a length, an offset, buffers, children and a dictionary). There is one class per physical layout:
 * {@link dev.quiver.core.array.Int64Array}, {@link dev.quiver.core.array.VarBinaryArray} (binary and
 * utf8), {@link dev.quiver.core.array.ListArray}, {@link dev.quiver.core.array.StructArray} and so on;
 * {@link dev.quiver.core.array.Array#getObject} gives any value as a plain Java object.
 *
 * <p>Reading a column of a batch, typed and generic:
 *
 * {@snippet :
 * Array column = batch.column("score");
 * if (column instanceof Int64Array scores) {
 *     long sum = 0;
 *     for (long i = 0; i < scores.length(); i++) {
 *         if (scores.isValid(i)) {
 *             sum += scores.get(i);          // no boxing, no copy
 *         }
 *     }
 * }
 * Object first = column.getObject(0);        // a Long, a String, a List, ... or null
 * }
 *
 * <p>Every array class is made the same way. {@code of(data)} is the checked form, for data from
 * outside Quiver: it checks the structure (buffer counts and sizes, children) and, on a typed class, that
 * the data's type is one the class holds; {@code ofUnchecked(data)} checks nothing, for data that
 * Quiver's builders or readers made or validated already. {@code validate(ValidationLevel)} checks more,
 * up to every value:
 *
 * {@snippet :
 * Int64Array ids = Int64Array.of(data);         // a ValidationException if data is not int64-like
 * ids.validate(ValidationLevel.FULL);           // every rule of the format, value by value
 * Array any = Array.of(otherData);              // the class that holds otherData's type
 * }
 *
 * <p>Arrays are immutable and slicing shares memory; an array is usable as long as its buffers' memory
 * is.
 */
package dev.quiver.core.array;
