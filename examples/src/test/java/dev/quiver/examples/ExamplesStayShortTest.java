// SPDX-License-Identifier: Apache-2.0
package dev.quiver.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each example is under 30 lines of code, leaving out its imports, comments and blank lines. */
class ExamplesStayShortTest {
    private static final List<String> EXAMPLES = List.of("FilterAndSort", "JoinTables", "KeepRows", "MillionRows",
            "QueryWithDuckDb", "ServeOverFlight");

    @Test
    void eachExampleIsUnderThirtyLinesOfCode() throws IOException {
        Path sources = Path.of("src/main/java/dev/quiver/examples");
        try (var files = Files.list(sources)) {
            assertEquals(EXAMPLES.stream().map(name -> name + ".java").sorted().toList(),
                    files.map(p -> p.getFileName().toString()).sorted().toList());
        }
        for (String example : EXAMPLES) {
            long lines = codeLines(Files.readString(sources.resolve(example + ".java")));
            assertTrue(lines < 30, example + " has " + lines + " lines of code");
        }
    }

    private static long codeLines(String source) {
        String withoutBlockComments = source.replaceAll("(?s)/\\*.*?\\*/", "");
        return withoutBlockComments.lines().map(String::strip)
                .filter(line -> !line.isEmpty() && !line.startsWith("//") && !line.startsWith("import ")
                        && !line.startsWith("package "))
                .count();
    }
}
