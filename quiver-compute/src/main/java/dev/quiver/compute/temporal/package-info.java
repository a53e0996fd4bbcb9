// SPDX-License-Identifier: Apache-2.0
/** Temporal kernels: fields of dates, times and timestamps (local to a time zone), truncation to a unit, formatting and parsing with patterns. */
package dev.quiver.compute.temporal;
