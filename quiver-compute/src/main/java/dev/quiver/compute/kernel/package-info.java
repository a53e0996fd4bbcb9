// SPDX-License-Identifier: Apache-2.0
/**
 * Internal helpers shared by the compute kernels (not exported): bitmap words at any bit offset, validity of
 * one or two arrays aligned to offset zero, new immutable arrays built from buffers, and running per-chunk work
 * on every core.
 */
package dev.quiver.compute.kernel;
