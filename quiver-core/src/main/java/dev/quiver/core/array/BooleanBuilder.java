package dev.quiver.core.array;

import dev.quiver.core.memory.BufferAllocator;
import dev.quiver.core.type.ArrowType;

/** SKELETON: to be implemented. */
public final class BooleanBuilder implements ArrayBuilder {
    public BooleanBuilder(BufferAllocator allocator) {
    }

    @Override
    public ArrowType type() {
        throw new UnsupportedOperationException("not implemented yet");
    }

    @Override
    public long length() {
        throw new UnsupportedOperationException("not implemented yet");
    }

    @Override
    public ArrayBuilder appendNull() {
        throw new UnsupportedOperationException("not implemented yet");
    }

    @Override
    public ArrayBuilder appendObject(Object value) {
        throw new UnsupportedOperationException("not implemented yet");
    }

    @Override
    public Array build() {
        throw new UnsupportedOperationException("not implemented yet");
    }
}
