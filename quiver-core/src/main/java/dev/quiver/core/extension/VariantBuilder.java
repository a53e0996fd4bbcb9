// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.extension;

import dev.quiver.core.array.ExtensionArray;
import dev.quiver.core.builder.StructBuilder;
import dev.quiver.core.builder.VarBinaryBuilder;
import dev.quiver.core.memory.BufferAllocator;
import java.util.List;

/**
 * Builds unshredded {@code arrow.parquet.variant} arrays ({@link VariantType#unshredded()}) from the
 * metadata and value bytes of each variant, which are checked with {@link VariantDecoder} first.
 *
 * <pre>{@code
 * VariantBuilder builder = new VariantBuilder(allocator);
 * builder.append(new byte[] {1, 0, 0}, new byte[] {(3 << 2) | 1, 'x', 'y', 'z'}); // the string "xyz"
 * builder.appendNull();
 * VariantArray variants = new VariantArray(builder.build());
 * }</pre>
 */
public final class VariantBuilder {
    private final VarBinaryBuilder metadata;
    private final VarBinaryBuilder value;
    private final StructBuilder struct;

    /**
     * An empty builder.
     *
     * @param allocator where the buffers are allocated
     */
    public VariantBuilder(BufferAllocator allocator) {
        var storage = VariantType.unshreddedStorage();
        this.metadata = new VarBinaryBuilder(storage.fields().get(0).type(), allocator);
        this.value = new VarBinaryBuilder(storage.fields().get(1).type(), allocator);
        this.struct = new StructBuilder(storage, List.of(metadata, value), allocator);
    }

    /**
     * Appends a variant.
     *
     * @param metadata its metadata bytes (the dictionary of field names)
     * @param value its value bytes
     * @return this builder
     * @throws InvalidVariantException if the bytes break a rule of the encoding; nothing is appended
     */
    public VariantBuilder append(byte[] metadata, byte[] value) {
        VariantDecoder.decode(metadata, value);
        this.metadata.append(metadata);
        this.value.append(value);
        struct.append();
        return this;
    }

    /**
     * Appends a null variant (its metadata field holds empty bytes under it).
     *
     * @return this builder
     */
    public VariantBuilder appendNull() {
        metadata.append(new byte[0]);
        value.appendNull();
        struct.appendNull();
        return this;
    }

    /**
     * The number of variants appended.
     *
     * @return the length
     */
    public long length() {
        return struct.length();
    }

    /**
     * The variants appended; the builder starts over empty.
     *
     * @return the array, of {@link VariantType#unshredded()}
     */
    public ExtensionArray build() {
        return ExtensionArray.ofUnchecked(struct.build().data().withType(VariantType.unshredded()));
    }
}
