// SPDX-License-Identifier: Apache-2.0
/** UTF-8 string kernels: lengths, case, predicates, regular expressions, split, join, substrings and trimming. */
package dev.quiver.compute.strings;
