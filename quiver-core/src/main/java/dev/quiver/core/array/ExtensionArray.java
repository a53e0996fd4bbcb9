// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.type.ArrowType;

/**
 * An array of an extension type: the same data as its storage array, under the extension type.
 * Values, nulls, equality and validation are the storage's.
 */
public final class ExtensionArray extends Array {
    private final Array storage;

    public ExtensionArray(ArrayData data) {
        super(data);
        this.storage = Array.wrap(data.withType(((ArrowType.Extension) data.type()).storageType()));
    }

    /** The extension type. */
    @Override
    public ArrowType.Extension type() {
        return (ArrowType.Extension) data.type();
    }

    /** The same data as an array of the storage type. */
    public Array storage() {
        return storage;
    }

    @Override
    public boolean isNull(long i) {
        return storage.isNull(i);
    }

    @Override
    public Object getObject(long i) {
        return storage.getObject(i);
    }

    @Override
    protected String formatValue(long i) {
        return storage.formatValue(i);
    }

    @Override
    protected boolean valueEquals(long i, Array other, long j) {
        return storage.valueEquals(i, ((ExtensionArray) other).storage, j);
    }

    @Override
    protected void validateContent() {
        storage.validateContent();
    }

    @Override
    public ExtensionArray slice(long offset, long length) {
        return new ExtensionArray(data.slice(offset, length));
    }
}
