// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import dev.quiver.core.QuiverException;
import dev.quiver.core.type.Schema;
import dev.quiver.ipc.IpcFileReader;
import dev.quiver.ipc.IpcStreamReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Arrow IPC files and streams: the files named, and the files under the directories named (at any depth,
 * in name order, leaving out names starting with {@code _} or {@code .}, as Spark's own sources do). An Arrow
 * file is split into fragments of {@code batchesPerFragment} record batches; a stream, which can only be read
 * from its start, is one fragment. Every file must have the same schema.
 */
final class IpcFragmentSource implements FragmentSource {
    /** The option of the record batches of an Arrow file one task reads. */
    static final String BATCHES_PER_PARTITION = "batchesPerPartition";
    /** Its default: 16 batches of bench-v1's 65,536 rows, a million rows a task. */
    static final int DEFAULT_BATCHES_PER_PARTITION = 16;

    private final Schema schema;
    private final List<Fragment> fragments;

    /**
     * Lists and opens the files to learn their schema and batch counts.
     *
     * @param paths the files and directories
     * @param batchesPerFragment the batches of an Arrow file per fragment
     * @param settings how to read the files' schemas
     * @throws QuiverSparkException if a path is missing, holds no Arrow data, or the schemas differ
     */
    IpcFragmentSource(List<Path> paths, int batchesPerFragment, ReadSettings settings) {
        if (batchesPerFragment < 1) {
            throw new QuiverSparkException("option " + BATCHES_PER_PARTITION + " must be at least 1, not "
                    + batchesPerFragment);
        }
        List<Path> files = new ArrayList<>();
        for (Path path : paths) {
            files.addAll(list(path));
        }
        if (files.isEmpty()) {
            throw new QuiverSparkException("no Arrow files under " + paths);
        }
        Schema first = null;
        Path firstFile = null;
        List<Fragment> planned = new ArrayList<>();
        for (Path file : files) {
            Schema schema;
            try {
                if (IpcFileReader.startsWithMagic(file)) {
                    int batches;
                    try (IpcFileReader reader = IpcFileReader.map(file, settings.ipcOptions())) {
                        schema = reader.schema();
                        batches = reader.batchCount();
                    }
                    for (int start = 0; start < batches; start += batchesPerFragment) {
                        planned.add(new IpcFragment(file.toString(), true, start,
                                Math.min(batches, start + batchesPerFragment)));
                    }
                } else {
                    try (IpcStreamReader reader = IpcStreamReader.open(file, settings.ipcOptions())) {
                        schema = reader.schema();
                    }
                    planned.add(new IpcFragment(file.toString(), false, 0, Integer.MAX_VALUE));
                }
            } catch (IOException e) {
                throw new QuiverSparkException("cannot read " + file + ": " + e.getMessage(), e);
            } catch (QuiverException e) {
                if (e instanceof QuiverSparkException) {
                    throw e;
                }
                throw new QuiverSparkException(file + " is not Arrow IPC data: " + e.getMessage(), e);
            }
            if (first == null) {
                first = schema;
                firstFile = file;
            } else if (!first.equalsIgnoringDictionaryIds(schema)) {
                throw new QuiverSparkException("file " + file + " has another schema than " + firstFile + ": "
                        + first.differenceIgnoringDictionaryIds(schema).orElse(""));
            }
        }
        this.schema = first;
        this.fragments = List.copyOf(planned);
    }

    private static List<Path> list(Path path) {
        if (!Files.exists(path)) {
            throw new QuiverSparkException("path " + path + " does not exist");
        }
        if (!Files.isDirectory(path)) {
            return List.of(path);
        }
        try (Stream<Path> tree = Files.walk(path)) {
            return tree.filter(Files::isRegularFile)
                    .filter(p -> !hidden(path.relativize(p)))
                    .sorted()
                    .toList();
        } catch (IOException | UncheckedIOException e) {
            throw new QuiverSparkException("cannot list " + path + ": " + e.getMessage(), e);
        }
    }

    /** Whether a name of the relative path starts with {@code _} or {@code .} (Spark's hidden files). */
    private static boolean hidden(Path relative) {
        for (Path name : relative) {
            String s = name.toString();
            if (s.startsWith("_") || s.startsWith(".")) {
                return true;
            }
        }
        return false;
    }

    @Override
    public Schema schema() {
        return schema;
    }

    @Override
    public List<Fragment> fragments() {
        return fragments;
    }
}
