// SPDX-License-Identifier: Apache-2.0
/**
 * A Flight SQL client: SQL queries, prepared statements with parameters, updates, bulk ingestion,
 * transactions and the metadata calls of Flight SQL (FlightSql.proto) over a {@link dev.quiver.flight.FlightClient}.
 */
package dev.quiver.flight.sql;
