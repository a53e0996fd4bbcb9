// SPDX-License-Identifier: Apache-2.0
/**
 * Checking Arrow data against the rules of the columnar format.
 *
 * <p>{@link dev.quiver.core.validation.ValidationLevel} is the setting readers take: how much of the
 * format is checked before data is used. A broken rule ends in one
 * {@link dev.quiver.core.validation.ValidationException}, whose
 * {@link dev.quiver.core.validation.ValidationException#rule() rule} is one of the stable names of
 * {@link dev.quiver.core.validation.Rules} and whose
 * {@link dev.quiver.core.validation.ValidationException#index() index} is the slot where it broke:
 *
 * {@snippet :
 * try {
 *     array.validateFull();
 * } catch (ValidationException e) {
 *     if (e.rule().equals(Rules.UTF8)) {
 *         System.err.println("bad UTF-8 at slot " + e.index());
 *     }
 * }
 * }
 */
package dev.quiver.core.validation;
