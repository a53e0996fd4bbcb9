// SPDX-License-Identifier: Apache-2.0
/**
 * Casts: {@link dev.quiver.compute.cast.Cast} converts arrays between types, safely by default
 * ({@link dev.quiver.compute.cast.CastOptions}).
 */
package dev.quiver.compute.cast;
