// SPDX-License-Identifier: Apache-2.0
package dev.quiver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --columns} with a path into struct columns. */
class DatasetNestedColumnsTest {
    @TempDir
    Path dir;

    @Test
    void aDottedPathSelectsAStructsFieldNullUnderANullStruct() throws IOException {
        Path events = Files.writeString(dir.resolve("events.ndjson"), """
                {"id": 1, "user": {"name": "ann", "age": 30}}
                {"id": 2, "user": null}
                {"id": 3, "user": {"name": "bo", "age": null}}
                """);
        Path out = dir.resolve("names.csv");
        Cli.Result r = Cli.run("convert", events, out, "--columns", "user.name,id");
        assertEquals(0, r.exit(), r.err());
        assertEquals(List.of("user.name,id", "ann,1", ",2", "bo,3"), Files.readAllLines(out));
        Cli.Result bad = Cli.run("cat", events, "--columns", "user.nope");
        assertTrue(bad.exit() != 0 && bad.err().contains("user.nope"), bad.err());
    }
}
