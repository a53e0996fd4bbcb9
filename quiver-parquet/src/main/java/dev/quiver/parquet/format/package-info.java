// SPDX-License-Identifier: Apache-2.0
/**
 * Parquet's file metadata (the footer, page headers, the page index, bloom filter headers) as records,
 * each read from and written to the Thrift compact protocol. Enumerations of the format are kept as their
 * integer codes ({@link dev.quiver.parquet.format.PhysicalType}, {@link dev.quiver.parquet.format.Encoding},
 * {@link dev.quiver.parquet.format.CompressionCodec}, ...) so values added by later versions of the format
 * read without failing. Optional fields absent from the file are {@code null}.
 */
package dev.quiver.parquet.format;
