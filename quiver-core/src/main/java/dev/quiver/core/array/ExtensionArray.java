// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.array;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.validation.Rules;
import dev.quiver.core.validation.ValidationException;

/**
 * An array of an extension type: the same data as its storage array, under the extension type.
 * Values, nulls, equality and validation are the storage's.
 */
public final class ExtensionArray extends Array {
    private final Array storage;

    private ExtensionArray(ArrayData data) {
        super(data);
        this.storage = Array.ofUnchecked(data.withType(((ArrowType.Extension) data.type()).storageType()));
    }

    /**
     * Checks the data's structure and that its type is an extension type, and wraps it: the form for data that
     * does not come from Quiver's own builders or readers.
     *
     * @param data the data
     * @return the array over {@code data}
     * @throws ValidationException if the data's buffers or children do not fit its type and length, or its type
     *     is not an extension type (rule {@link Rules#ARRAY_TYPE})
     */
    public static ExtensionArray of(ArrayData data) {
        return checkedAs(data, ExtensionArray.class);
    }

    /**
     * Wraps the data without any check: for data known to be structurally valid and of an extension type, such
     * as what a builder made, a reader validated or a slice shares.
     *
     * @param data structurally valid data of an extension type
     * @return the array over {@code data}
     */
    public static ExtensionArray ofUnchecked(ArrayData data) {
        return new ExtensionArray(data);
    }

    /**
     * The extension type.
     *
     * @return the extension type, whose storage type {@link #storage()} has
     */
    @Override
    public ArrowType.Extension type() {
        return (ArrowType.Extension) data.type();
    }

    /**
     * The same data as an array of the storage type.
     *
     * @return the storage array, sharing this array's memory
     */
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
        return ExtensionArray.ofUnchecked(data.slice(offset, length));
    }
}
