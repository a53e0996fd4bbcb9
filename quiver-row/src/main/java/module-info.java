// SPDX-License-Identifier: Apache-2.0
/** Quiver row table: the row-major key format of Arrow C++, its encoder, decoder, comparator and hasher, and a hash group-by. */
module dev.quiver.row {
    requires transitive dev.quiver.core;
    exports dev.quiver.row;
}
