// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.builder;

import dev.quiver.core.array.ExtensionArray;
import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;

/** Builds arrays of an extension type by building its storage and relabelling the result. */
public final class ExtensionBuilder implements ArrayBuilder {
    private final ArrowType.Extension type;
    private final ArrayBuilder storage;

    /**
     * A builder over the storage type's builder from {@link ArrayBuilder#of}.
     *
     * @param type the type of the values built
     * @param allocator the memory of the built arrays
     */
    public ExtensionBuilder(ArrowType.Extension type, BufferAllocator allocator) {
        this(type, ArrayBuilder.of(type.storageType(), allocator));
    }

    /**
     * A builder over {@code storageBuilder} (empty, of the storage type).
     *
     * @param type the type of the values built
     * @param storageBuilder the builder of the storage values (empty, of the storage type)
     */
    public ExtensionBuilder(ArrowType.Extension type, ArrayBuilder storageBuilder) {
        if (!storageBuilder.type().equals(type.storageType()) || storageBuilder.length() != 0) {
            throw new IllegalArgumentException("the storage builder must be an empty builder of "
                    + type.storageType());
        }
        this.type = type;
        this.storage = storageBuilder;
    }

    @Override
    public ArrowType.Extension type() {
        return type;
    }

    /**
     * The storage builder, for its typed append methods.
     *
     * @return the builder of the storage values
     */
    public ArrayBuilder storage() {
        return storage;
    }

    @Override
    public long length() {
        return storage.length();
    }

    @Override
    public ExtensionBuilder appendNull() {
        storage.appendNull();
        return this;
    }

    @Override
    public ExtensionBuilder appendObject(Object value) {
        storage.appendObject(value);
        return this;
    }

    @Override
    public ExtensionArray build() {
        return ExtensionArray.ofUnchecked(storage.build().data().withType(type));
    }

    /**
     * An empty builder of an extension type.
     *
     * @param type the type of the values built
     * @param allocator the memory of the built arrays
     * @return the builder
     */
    public static ExtensionBuilder of(ArrowType.Extension type, BufferAllocator allocator) {
        return new ExtensionBuilder(type, allocator);
    }
}
