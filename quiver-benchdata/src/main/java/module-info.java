// SPDX-License-Identifier: Apache-2.0
/**
 * The benchmark table {@code bench-v1} (docs/bench-v1.md): its generator, its checksum and the
 * expected result of its group-by, shared by the {@code quiver} command and the benchmarks.
 */
module dev.quiver.benchdata {
    requires transitive dev.quiver.core;

    exports dev.quiver.benchdata;
}
