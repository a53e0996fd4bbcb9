package dev.quiver.cli;

import dev.quiver.core.batch.RecordBatch;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code quiver demo}: Quiver's main job on a built-in default, needing no files. */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Builds a sample record batch in memory, validates it and prints it.")
final class DemoCommand implements Callable<Integer> {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        RecordBatch batch = SampleBatch.build();
        batch.validateFull();
        out.println("Schema: " + batch.schema());
        out.println(batch);
        out.flush();
        return 0;
    }
}
