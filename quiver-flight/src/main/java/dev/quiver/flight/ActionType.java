// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

/**
 * An action a service offers (ListActions).
 *
 * @param type the action's type, as DoAction takes it
 * @param description what the action does
 */
public record ActionType(String type, String description) {
}
