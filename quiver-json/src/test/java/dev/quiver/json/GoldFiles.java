// SPDX-License-Identifier: Apache-2.0
package dev.quiver.json;

import dev.quiver.testkit.TestData;
import java.nio.file.Path;
import java.util.List;

/** The integration gold files as this module's tests use them: the {@code .json.gz} of every case. */
final class GoldFiles {
    private GoldFiles() {
    }

    static Path root() {
        return TestData.goldRoot();
    }

    static List<Path> all() {
        return TestData.goldCases().stream().map(TestData.GoldCase::json).toList();
    }

    static String name(Path file) {
        return root().relativize(file).toString();
    }

    /** The example files of the integration format's documentation. */
    static Path examples() {
        return TestData.resolve("integration_json_examples");
    }
}
