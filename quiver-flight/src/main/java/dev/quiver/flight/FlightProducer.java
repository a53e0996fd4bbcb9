// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flight;

import dev.quiver.core.type.Schema;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * What a Flight service does: a user implements the calls it offers; the others answer
 * {@link FlightStatusCode#UNIMPLEMENTED}. A method that throws a {@link FlightException} ends the call
 * with its code and message; any other exception ends it as {@link FlightStatusCode#INTERNAL}. Calls run
 * on the server's worker threads and may block.
 */
public interface FlightProducer {
    /**
     * ListFlights: the flights matching the criteria.
     *
     * @param context the call
     * @param criteria the application-defined criteria (empty: all)
     * @return the flights
     */
    default Stream<FlightInfo> listFlights(CallContext context, byte[] criteria) {
        throw unimplemented("ListFlights");
    }

    /**
     * GetFlightInfo: how to get the flight a descriptor names.
     *
     * @param context the call
     * @param descriptor the flight
     * @return its FlightInfo
     */
    default FlightInfo getFlightInfo(CallContext context, FlightDescriptor descriptor) {
        throw unimplemented("GetFlightInfo");
    }

    /**
     * PollFlightInfo: the progress of a query; by default the complete answer of
     * {@link #getFlightInfo}.
     *
     * @param context the call
     * @param descriptor the query, or the descriptor an earlier poll returned
     * @return the progress
     */
    default PollInfo pollFlightInfo(CallContext context, FlightDescriptor descriptor) {
        return new PollInfo(getFlightInfo(context, descriptor), null, 1.0, null);
    }

    /**
     * GetSchema: the schema of a flight; by default that of {@link #getFlightInfo}.
     *
     * @param context the call
     * @param descriptor the flight
     * @return its schema
     */
    default Schema getSchema(CallContext context, FlightDescriptor descriptor) {
        Schema schema = getFlightInfo(context, descriptor).schema();
        if (schema == null) {
            throw new FlightException(FlightStatusCode.NOT_FOUND, "the flight gives no schema");
        }
        return schema;
    }

    /**
     * DoGet: sends the data of a ticket.
     *
     * @param context the call
     * @param ticket the ticket
     * @param sink where the data goes: start it, write batches, close the writer
     */
    default void doGet(CallContext context, Ticket ticket, DataSink sink) {
        throw unimplemented("DoGet");
    }

    /**
     * DoPut: receives data from the client.
     *
     * @param context the call
     * @param data the client's batches, with its descriptor
     * @param acknowledge sends a PutResult to the client
     */
    default void doPut(CallContext context, FlightStream data, Consumer<PutResult> acknowledge) {
        throw unimplemented("DoPut");
    }

    /**
     * DoExchange: receives and sends data in one call.
     *
     * @param context the call
     * @param data the client's batches, with its descriptor
     * @param sink where the server's data goes
     */
    default void doExchange(CallContext context, FlightStream data, DataSink sink) {
        throw unimplemented("DoExchange");
    }

    /**
     * DoAction: runs an action (the well-known ones come through {@link #cancelFlightInfo} and
     * {@link #renewFlightEndpoint} instead).
     *
     * @param context the call
     * @param action the action
     * @return its results
     */
    default Stream<Result> doAction(CallContext context, Action action) {
        throw new FlightException(FlightStatusCode.UNIMPLEMENTED, "unknown action " + action.type());
    }

    /**
     * The well-known action CancelFlightInfo.
     *
     * @param context the call
     * @param info the FlightInfo whose query to cancel
     * @return the outcome
     */
    default CancelStatus cancelFlightInfo(CallContext context, FlightInfo info) {
        throw unimplemented("CancelFlightInfo");
    }

    /**
     * The well-known action RenewFlightEndpoint.
     *
     * @param context the call
     * @param endpoint the endpoint to renew
     * @return the endpoint with its new expiration time
     */
    default FlightEndpoint renewFlightEndpoint(CallContext context, FlightEndpoint endpoint) {
        throw unimplemented("RenewFlightEndpoint");
    }

    /**
     * ListActions: the actions this service offers.
     *
     * @param context the call
     * @return the actions
     */
    default List<ActionType> listActions(CallContext context) {
        return List.of();
    }

    private static FlightException unimplemented(String call) {
        return new FlightException(FlightStatusCode.UNIMPLEMENTED, call + " is not implemented by this service");
    }
}
