// SPDX-License-Identifier: Apache-2.0
/**
 * Flight SQL servers: {@link dev.quiver.flightsql.FlightSqlProducer} decodes the Flight SQL commands of
 * FlightSql.proto into {@link dev.quiver.flightsql.SqlCommand}s and answers each with one method, on a
 * {@link dev.quiver.flight.FlightServer}; {@link dev.quiver.flightsql.DuckDbSqlProducer} is one over DuckDB,
 * with the tables it serves (the Arrow files of a directory) in one DuckDB database shared by every client,
 * which may not reach the server's file system, extensions or network (docs/flight-sql.md).
 */
package dev.quiver.flightsql;
