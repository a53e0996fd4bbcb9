// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import dev.quiver.core.QuiverException;
import dev.quiver.core.batch.RecordBatch;
import dev.quiver.core.batch.RecordBatchReader;
import dev.quiver.core.batch.RecordBatchWriter;
import dev.quiver.core.io.AtomicFileOutput;
import dev.quiver.core.type.Schema;
import dev.quiver.core.validation.ValidationLevel;
import dev.quiver.ipc.IpcException;
import dev.quiver.ipc.IpcFileReader;
import dev.quiver.ipc.IpcFileWriter;
import dev.quiver.ipc.IpcReadOptions;
import dev.quiver.ipc.IpcStreamReader;
import dev.quiver.ipc.IpcStreamWriter;
import dev.quiver.ipc.IpcWriteOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * A Flight service of the Arrow files and streams in one directory, each a flight named by its file name
 * (a path descriptor of one segment).
 * <ul>
 * <li>ListFlights: every Arrow IPC file or stream of the directory (hidden files and other files are left
 *     out), with its schema, row count and size in bytes; the criteria are ignored.
 * <li>GetFlightInfo: an {@code ordered} FlightInfo with one endpoint per range of
 *     {@code batchesPerEndpoint} batches of an Arrow file, so that a client fetches the ranges in parallel;
 *     an Arrow stream, which can only be read from its start, is one endpoint. Endpoints name no location:
 *     the client redeems them where it got the FlightInfo.
 * <li>DoGet: the batches of a ticket's range, read from the memory-mapped file (a stream: read from its
 *     start, the batches before the range skipped).
 * <li>DoPut: a new file named by the descriptor, written to a hidden temporary file in the directory and
 *     renamed into place once the upload has ended; a failed or cancelled upload leaves nothing. Names ending
 *     {@code .arrows} or {@code .stream} are written as Arrow streams, any other as Arrow files. An existing
 *     name is refused ({@link FlightStatusCode#ALREADY_EXISTS}). A service built without uploads refuses
 *     every DoPut ({@link FlightStatusCode#UNAUTHORIZED}).
 * </ul>
 * Names with a path separator, {@code ..}, a leading dot or control characters are refused
 * ({@link FlightStatusCode#INVALID_ARGUMENT}); the service never reads or writes outside its directory.
 * The directory is a boundary: a symbolic link in it is followed only to a file of the directory itself
 * (not a hidden one); any other link is not listed, not served (a missing flight, {@code NOT_FOUND}, with
 * nothing said of its target) and, like any existing name, not replaced by an upload.
 * Row counts are computed on first listing and kept while a file's size and modification time stay the
 * same.
 */
public final class DirectoryProducer implements FlightProducer {
    /** The batches per endpoint of {@link #DirectoryProducer(Path)}. */
    public static final int DEFAULT_BATCHES_PER_ENDPOINT = 16;

    /** What the service knows of one file, valid while its size and modification time stay. */
    private record Entry(Path path, Schema schema, boolean isFile, int batches, long rows, long bytes,
            Object version) {
    }

    /** A ticket: the batches {@code [start, end)} of the flight {@code name}, as text {@code start-end/name}. */
    private record Range(String name, int start, int end) {
        byte[] encode() {
            return (start + "-" + end + "/" + name).getBytes(StandardCharsets.UTF_8);
        }

        static Range decode(Ticket ticket) {
            String text = new String(ticket.bytes(), StandardCharsets.UTF_8);
            int slash = text.indexOf('/');
            int dash = text.indexOf('-');
            try {
                if (slash < 0 || dash < 0 || dash > slash) {
                    throw new NumberFormatException();
                }
                int start = Integer.parseInt(text, 0, dash, 10);
                int end = Integer.parseInt(text, dash + 1, slash, 10);
                if (start < 0 || end < start) {
                    throw new NumberFormatException();
                }
                return new Range(text.substring(slash + 1), start, end);
            } catch (NumberFormatException e) {
                throw new FlightException(FlightStatusCode.INVALID_ARGUMENT,
                        "malformed ticket (not one of this service's): " + ticket);
            }
        }
    }

    private final Path directory;
    private final int batchesPerEndpoint;
    private final IpcReadOptions readOptions;
    private final IpcWriteOptions writeOptions;
    private final boolean uploads;
    private final Map<String, Entry> entries = new ConcurrentHashMap<>();
    private final Set<String> uploading = ConcurrentHashMap.newKeySet();

    /**
     * A service of a directory, {@value #DEFAULT_BATCHES_PER_ENDPOINT} batches per endpoint, files read
     * with the default options (full validation), uploads taken and written uncompressed.
     *
     * @param directory the directory served
     * @throws IllegalArgumentException if {@code directory} is not a directory
     */
    public DirectoryProducer(Path directory) {
        this(directory, DEFAULT_BATCHES_PER_ENDPOINT, IpcReadOptions.DEFAULT, IpcWriteOptions.DEFAULT);
    }

    /**
     * A service of a directory.
     *
     * @param directory the directory served
     * @param batchesPerEndpoint how many batches of an Arrow file one endpoint covers (at least 1)
     * @param readOptions how the served files are read (validation, for one)
     * @param writeOptions how uploaded files are written (compression, for one)
     * @throws IllegalArgumentException if {@code directory} is not a directory or {@code batchesPerEndpoint}
     *     is less than 1
     */
    public DirectoryProducer(Path directory, int batchesPerEndpoint, IpcReadOptions readOptions,
            IpcWriteOptions writeOptions) {
        this(directory, batchesPerEndpoint, readOptions, writeOptions, true);
    }

    /**
     * A service of a directory, with or without uploads.
     *
     * @param directory the directory served
     * @param batchesPerEndpoint how many batches of an Arrow file one endpoint covers (at least 1)
     * @param readOptions how the served files are read (validation, for one)
     * @param writeOptions how uploaded files are written (compression, for one)
     * @param uploads whether DoPut stores new files (otherwise it is refused as
     *     {@link FlightStatusCode#UNAUTHORIZED})
     * @throws IllegalArgumentException if {@code directory} is not a directory or {@code batchesPerEndpoint}
     *     is less than 1
     */
    public DirectoryProducer(Path directory, int batchesPerEndpoint, IpcReadOptions readOptions,
            IpcWriteOptions writeOptions, boolean uploads) {
        if (!Files.isDirectory(directory)) {
            throw new IllegalArgumentException("not a directory: " + directory);
        }
        if (batchesPerEndpoint < 1) {
            throw new IllegalArgumentException("batchesPerEndpoint must be at least 1, not " + batchesPerEndpoint);
        }
        try {
            this.directory = directory.toRealPath();
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot resolve the directory " + directory + ": " + e.getMessage(), e);
        }
        this.batchesPerEndpoint = batchesPerEndpoint;
        this.readOptions = Objects.requireNonNull(readOptions, "readOptions");
        this.writeOptions = Objects.requireNonNull(writeOptions, "writeOptions");
        this.uploads = uploads;
    }

    /**
     * The directory served.
     *
     * @return its real path (symbolic links resolved)
     */
    public Path directory() {
        return directory;
    }

    @Override
    public Stream<FlightInfo> listFlights(CallContext context, byte[] criteria) {
        List<String> names = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory)) {
            for (Path p : files) {
                String name = p.getFileName().toString();
                if (!name.startsWith(".") && Files.isRegularFile(p) && isInside(p)) {
                    names.add(name);
                }
            }
        } catch (IOException e) {
            throw new FlightException(FlightStatusCode.INTERNAL, "cannot list the directory: " + e.getMessage(), e);
        }
        names.sort(null);
        List<FlightInfo> infos = new ArrayList<>();
        for (String name : names) {
            entry(name, false).ifPresent(e -> infos.add(info(name, e)));
        }
        return infos.stream();
    }

    @Override
    public FlightInfo getFlightInfo(CallContext context, FlightDescriptor descriptor) {
        String name = name(descriptor);
        return info(name, entry(name, true).orElseThrow());
    }

    private FlightInfo info(String name, Entry e) {
        List<FlightEndpoint> endpoints = new ArrayList<>();
        int step = e.isFile() ? batchesPerEndpoint : Math.max(1, e.batches());
        for (int start = 0; start < e.batches() || start == 0; start += step) {
            int end = Math.min(e.batches(), start + step);
            endpoints.add(new FlightEndpoint(new Ticket(new Range(name, start, end).encode())));
        }
        return new FlightInfo(e.schema(), FlightDescriptor.path(name), endpoints, e.rows(), e.bytes(), true,
                new byte[0]);
    }

    @Override
    public void doGet(CallContext context, Ticket ticket, DataSink sink) {
        Range range = Range.decode(ticket);
        Entry entry = entry(range.name(), true).orElseThrow();
        Path path = entry.path();
        if (range.end() > entry.batches()) {
            throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "the ticket asks for batches "
                    + range.start() + " to " + range.end() + " of " + range.name() + ", which has "
                    + entry.batches());
        }
        try {
            if (entry.isFile()) {
                try (IpcFileReader reader = IpcFileReader.map(path, readOptions);
                        FlightDataWriter out = sink.start(reader.schema())) {
                    for (int k = range.start(); k < range.end(); k++) {
                        out.write(reader.batch(k));
                    }
                }
            } else {
                try (IpcStreamReader reader = IpcStreamReader.open(path, readOptions);
                        FlightDataWriter out = sink.start(reader.schema())) {
                    int k = 0;
                    for (Optional<RecordBatch> b = reader.readNext(); b.isPresent() && k < range.end();
                            b = reader.readNext(), k++) {
                        if (k >= range.start()) {
                            out.write(b.get());
                        }
                    }
                }
            }
        } catch (IpcException e) {
            throw new FlightException(FlightStatusCode.INTERNAL, range.name() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void doPut(CallContext context, FlightStream data, Consumer<PutResult> acknowledge) {
        if (!uploads) {
            throw new FlightException(FlightStatusCode.UNAUTHORIZED, "this service takes no uploads");
        }
        FlightDescriptor descriptor = data.descriptor();
        if (descriptor == null) {
            throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "the upload names no flight (no descriptor)");
        }
        String name = name(descriptor);
        Path path = resolve(name);
        if (!uploading.add(name)) {
            throw new FlightException(FlightStatusCode.ALREADY_EXISTS, name + " is being uploaded by another call");
        }
        try {
            if (Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
                throw new FlightException(FlightStatusCode.ALREADY_EXISTS, name + " exists already");
            }
            long rows = write(path, name, data, context);
            acknowledge.accept(new PutResult(("stored " + name + ": " + rows + " rows")
                    .getBytes(StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new FlightException(FlightStatusCode.INTERNAL, "cannot write " + name + ": " + e.getMessage(), e);
        } finally {
            uploading.remove(name);
        }
    }

    /**
     * Writes the upload to a temporary file, renamed to {@code path} only once every batch is in and the
     * call still stands; any failure (of the data, the call or the disk) deletes the temporary file.
     */
    private long write(Path path, String name, FlightStream data, CallContext context) throws IOException {
        boolean stream = name.endsWith(".arrows") || name.endsWith(".stream");
        long rows = 0;
        try (AtomicFileOutput file = AtomicFileOutput.create(path)) {
            Schema schema = data.schema();
            try (RecordBatchWriter writer = stream ? IpcStreamWriter.open(file.channel(), schema, writeOptions)
                    : IpcFileWriter.open(file.channel(), schema, writeOptions)) {
                for (Optional<RecordBatch> b = data.readNext(); b.isPresent(); b = data.readNext()) {
                    writer.write(b.get());
                    rows += b.get().rowCount();
                }
            }
            if (Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
                throw new FlightException(FlightStatusCode.ALREADY_EXISTS, name + " appeared during the upload");
            }
            if (context.isCancelled()) {
                throw new FlightException(FlightStatusCode.CANCELLED, "the upload of " + name + " was cancelled");
            }
            file.commit();
        }
        return rows;
    }

    /** The file name a descriptor names: a path of one segment, a plain name. */
    private static String name(FlightDescriptor descriptor) {
        if (descriptor.isCommand() || descriptor.path().size() != 1) {
            throw new FlightException(FlightStatusCode.INVALID_ARGUMENT,
                    "this service's flights are path descriptors of one segment, a file name, not " + descriptor);
        }
        return descriptor.path().getFirst();
    }

    private Path resolve(String name) {
        boolean bad = name.isEmpty() || name.startsWith(".") || name.contains("/") || name.contains("\\")
                || name.contains("..") || name.chars().anyMatch(c -> c < 0x20 || c == 0x7f);
        Path path = bad ? null : directory.resolve(name).normalize();
        if (path == null || !directory.equals(path.getParent())) {
            throw new FlightException(FlightStatusCode.INVALID_ARGUMENT, "not a plain file name: \"" + name
                    + "\" (no path separators, '..', leading dot or control characters)");
        }
        return path;
    }

    /**
     * The file a name of the directory stands for, symbolic links resolved: a file of the directory itself,
     * not hidden, or {@link NoSuchFileException} (told as a missing flight, whatever lies outside).
     */
    private Path real(Path path) throws IOException {
        Path real = path.toRealPath();
        if (!directory.equals(real.getParent()) || real.getFileName().toString().startsWith(".")) {
            throw new NoSuchFileException(path.getFileName().toString());
        }
        return real;
    }

    private boolean isInside(Path path) {
        try {
            real(path);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * What the service knows of a file, computed again when the file changed; empty (or, with
     * {@code required}, NOT_FOUND) for a file that is missing or not Arrow IPC.
     */
    private Optional<Entry> entry(String name, boolean required) {
        Path named = resolve(name);
        try {
            Path path = real(named);
            BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class);
            if (!attributes.isRegularFile()) {
                throw new NoSuchFileException(name);
            }
            Object version = List.of(path, attributes.size(), attributes.lastModifiedTime(),
                    Objects.requireNonNullElse(attributes.fileKey(), ""));
            Entry known = entries.get(name);
            if (known != null && known.version().equals(version)) {
                return Optional.of(known);
            }
            Entry e = scan(path, attributes.size(), version);
            entries.put(name, e);
            return Optional.of(e);
        } catch (NoSuchFileException e) {
            entries.remove(name);
            if (required) {
                throw new FlightException(FlightStatusCode.NOT_FOUND, "no flight " + name);
            }
            return Optional.empty();
        } catch (IOException | QuiverException e) {
            entries.remove(name);
            if (required) {
                // An I/O failure's message names the server's own paths: only its kind is told.
                String why = e instanceof QuiverException ? e.getMessage() : "cannot be read ("
                        + e.getClass().getSimpleName() + ")";
                throw new FlightException(FlightStatusCode.NOT_FOUND, name + " is not a readable Arrow file or stream: "
                        + why, e);
            }
            return Optional.empty();
        }
    }

    private Entry scan(Path path, long size, Object version) throws IOException {
        IpcReadOptions counting = readOptions.withValidation(ValidationLevel.STRUCTURE);
        if (IpcFileReader.startsWithMagic(path)) {
            try (IpcFileReader reader = IpcFileReader.map(path, counting)) {
                long rows = 0;
                for (int k = 0; k < reader.batchCount(); k++) {
                    rows += reader.batch(k).rowCount();
                }
                return new Entry(path, reader.schema(), true, reader.batchCount(), rows, size, version);
            }
        }
        try (RecordBatchReader reader = IpcStreamReader.open(path, counting)) {
            Schema schema = reader.schema();
            int batches = 0;
            long rows = 0;
            for (Optional<RecordBatch> b = reader.readNext(); b.isPresent(); b = reader.readNext()) {
                batches++;
                rows += b.get().rowCount();
            }
            return new Entry(path, schema, false, batches, rows, size, version);
        }
    }
}
