// SPDX-License-Identifier: Apache-2.0
/**
 * A Flight SQL server over DuckDB: {@link dev.quiver.flightsql.DuckDbSqlProducer} answers the Flight SQL
 * commands of FlightSql.proto on a {@link dev.quiver.flight.FlightServer}, with the tables it serves
 * (the Arrow files of a directory) in one DuckDB database shared by every client, which may not reach the
 * server's file system, extensions or network (docs/flight-sql.md).
 */
package dev.quiver.flightsql;
