// SPDX-License-Identifier: Apache-2.0
/** The Thrift compact protocol of Parquet's footer and page headers: a bounds-checked reader and a writer (internal, not exported). */
package dev.quiver.parquet.thrift;
