package dev.quiver.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class DemoCommandTest {

    @Test
    void demoPrintsTheSampleBatch() {
        StringWriter out = new StringWriter();
        CommandLine cli = new CommandLine(new QuiverCommand());
        cli.setOut(new PrintWriter(out));
        assertEquals(0, cli.execute("demo"));
        String text = out.toString();
        assertTrue(text.contains("Schema: schema<id: int64 not null, score: int32, day: date32[day], "
                + "ts: timestamp[us, tz=UTC] not null>"), text);
        assertTrue(text.contains("score: int32 = [-20, -10, 0, null, 20, 30, 40, null, 60, 70]"), text);
    }
}
