// SPDX-License-Identifier: Apache-2.0
/** Quiver Parquet: Apache Parquet files read into and written from Arrow record batches, in pure Java. */
package dev.quiver.parquet;
