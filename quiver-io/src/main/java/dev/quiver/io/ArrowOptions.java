// SPDX-License-Identifier: Apache-2.0
package dev.quiver.io;

import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.validation.ValidationLevel;
import dev.quiver.ipc.IpcReadOptions;
import dev.quiver.ipc.IpcWriteOptions;
import dev.quiver.ipc.compression.CompressionCodec;
import dev.quiver.json.JsonReadOptions;
import dev.quiver.json.JsonWriteOptions;
import java.util.Objects;

/**
 * How the front door reads and writes: the format (null: recognized from the content when reading, from
 * the file name when writing), how far what is read is validated ({@link ValidationLevel#FULL} by
 * default; lower levels only for trusted input, see {@link IpcReadOptions}), the body compression of
 * IPC output (null: none), and the allocator of the memory read.
 *
 * <pre>{@code
 * Arrow.write(table, Path.of("out.bin"), ArrowOptions.DEFAULT.withFormat(ArrowFormat.STREAM)
 *         .withCodec(CompressionCodec.of(CompressionType.ZSTD)));
 * }</pre>
 *
 * @param format the format, or null to recognize it
 * @param validation how far every array read is validated
 * @param codec the body compression codec of IPC output, or null for uncompressed bodies
 * @param allocator where the memory of what is read comes from
 */
public record ArrowOptions(ArrowFormat format, ValidationLevel validation, CompressionCodec codec,
        BufferAllocator allocator) {
    /** The format recognized, full validation, no compression, the garbage-collected allocator. */
    public static final ArrowOptions DEFAULT = new ArrowOptions(null, ValidationLevel.FULL, null,
            BufferAllocator.managed());

    /**
     * Checks the options.
     *
     * @throws NullPointerException if {@code validation} or {@code allocator} is null
     */
    public ArrowOptions {
        Objects.requireNonNull(validation, "validation");
        Objects.requireNonNull(allocator, "allocator");
    }

    /**
     * These options with a format, or none to recognize it.
     *
     * @param newFormat the format, or null
     * @return the new options
     */
    public ArrowOptions withFormat(ArrowFormat newFormat) {
        return new ArrowOptions(newFormat, validation, codec, allocator);
    }

    /**
     * These options with another validation level.
     *
     * @param newValidation how far every array read is validated
     * @return the new options
     */
    public ArrowOptions withValidation(ValidationLevel newValidation) {
        return new ArrowOptions(format, newValidation, codec, allocator);
    }

    /**
     * These options with a compression codec for IPC output.
     *
     * @param newCodec the body compression codec, or null for none
     * @return the new options
     */
    public ArrowOptions withCodec(CompressionCodec newCodec) {
        return new ArrowOptions(format, validation, newCodec, allocator);
    }

    /**
     * These options with another allocator.
     *
     * @param newAllocator where the memory of what is read comes from
     * @return the new options
     */
    public ArrowOptions withAllocator(BufferAllocator newAllocator) {
        return new ArrowOptions(format, validation, codec, newAllocator);
    }

    IpcReadOptions ipcRead() {
        return IpcReadOptions.DEFAULT.withValidation(validation).withAllocator(allocator);
    }

    JsonReadOptions jsonRead() {
        return JsonReadOptions.DEFAULT.withValidation(validation).withAllocator(allocator);
    }

    IpcWriteOptions ipcWrite() {
        return IpcWriteOptions.DEFAULT.withCodec(codec);
    }

    JsonWriteOptions jsonWrite() {
        if (codec != null) {
            throw new IllegalArgumentException("integration JSON has no body compression (" + codec.type()
                    + "); a name ending with .gz compresses the whole file");
        }
        return JsonWriteOptions.DEFAULT;
    }
}
