// SPDX-License-Identifier: Apache-2.0
/** The reader's internals: pages, encodings, levels and their assembly into Arrow arrays (not exported). */
package dev.quiver.parquet.read;
