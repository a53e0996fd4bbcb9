// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs docs/spark.md's example in the tests' session. */
class SparkExampleTest {
    @Test
    void theExampleRuns(@TempDir Path dir) throws Exception {
        List<String> out = SparkExample.run(TestSpark.session(), dir);
        assertEquals("vendor 1: 3333 trips, longest 4998.5 km", out.get(0));
        assertEquals("flight part-00000-", out.get(1).substring(0, 18));
        assertEquals(": 2500 rows in 1 partition(s)", out.get(1).substring(out.get(1).indexOf(':')));
    }
}
