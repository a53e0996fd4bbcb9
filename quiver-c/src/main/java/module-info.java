// SPDX-License-Identifier: Apache-2.0
/**
 * The Arrow C Data and C Stream interfaces on the Foreign Function and Memory API alone. Calls
 * restricted methods (upcall stubs, reinterpreted addresses): run with
 * {@code --enable-native-access=dev.quiver.c}.
 */
module dev.quiver.c {
    requires transitive dev.quiver.core;
    exports dev.quiver.c;
}
