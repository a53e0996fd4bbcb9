// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

/** Flight's status codes (Flight.rst, "Error Handling"), each carried as a gRPC status code. */
public enum FlightStatusCode {
    /** The call succeeded. */
    OK,
    /** An unknown error. */
    UNKNOWN,
    /** An error internal to the service. */
    INTERNAL,
    /** The client passed an invalid argument. */
    INVALID_ARGUMENT,
    /** The operation exceeded its deadline. */
    TIMED_OUT,
    /** The requested resource (a flight, a ticket) does not exist. */
    NOT_FOUND,
    /** The resource already exists. */
    ALREADY_EXISTS,
    /** The call was cancelled, by the client or the server. */
    CANCELLED,
    /** The client is not authenticated. */
    UNAUTHENTICATED,
    /** The client is authenticated but may not do this. */
    UNAUTHORIZED,
    /** The call is not implemented by the service. */
    UNIMPLEMENTED,
    /** The service is unavailable (for example, it could not be reached). */
    UNAVAILABLE,
    /** A resource (memory, a quota) is exhausted. */
    RESOURCE_EXHAUSTED
}
