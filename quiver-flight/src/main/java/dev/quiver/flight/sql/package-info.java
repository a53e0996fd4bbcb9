// SPDX-License-Identifier: Apache-2.0
/**
 * A Flight SQL client: SQL queries, Substrait plans, prepared statements with parameters, updates, bulk
 * ingestion, transactions and savepoints, cancellation and the metadata calls of Flight SQL (FlightSql.proto)
 * over a {@link dev.quiver.flight.FlightClient}.
 */
package dev.quiver.flight.sql;
