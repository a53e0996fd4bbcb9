// SPDX-License-Identifier: Apache-2.0
package dev.quiver.compute.expr;

import dev.quiver.core.array.Array;

/** A function's kernel, called once per batch with its evaluated arguments (length-one arguments broadcast). */
@FunctionalInterface
interface Kernel {
    Array apply(Array[] args);
}
