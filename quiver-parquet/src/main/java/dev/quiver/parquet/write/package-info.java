// SPDX-License-Identifier: Apache-2.0
/** The writing half's internals: encoders into byte sinks, definition and repetition levels, statistics, bloom filters. */
package dev.quiver.parquet.write;
