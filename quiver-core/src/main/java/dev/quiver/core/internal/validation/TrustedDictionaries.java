// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.internal.validation;

/**
 * Whether the validation running on this thread trusts dictionaries (see
 * {@code Array#validateFullTrustingDictionaries}): bound while it runs, so that validation checks the
 * indices against each dictionary without validating the dictionary again.
 */
public final class TrustedDictionaries {
    /** Bound while validating with dictionaries trusted. */
    public static final ScopedValue<Boolean> SCOPE = ScopedValue.newInstance();

    private TrustedDictionaries() {
    }
}
