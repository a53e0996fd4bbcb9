// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.format;

/** Codes of Parquet's page types ({@code PageType} in parquet.thrift). */
public final class PageType {
    /** Data page, version 1. */
    public static final int DATA_PAGE = 0;
    /** Index page (never written). */
    public static final int INDEX_PAGE = 1;
    /** Dictionary page. */
    public static final int DICTIONARY_PAGE = 2;
    /** Data page, version 2. */
    public static final int DATA_PAGE_V2 = 3;

    private PageType() {}
}
