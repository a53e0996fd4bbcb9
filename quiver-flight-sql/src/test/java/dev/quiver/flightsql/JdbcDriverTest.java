// SPDX-License-Identifier: Apache-2.0
package dev.quiver.flightsql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Apache Arrow Flight SQL JDBC driver (18.3.0) against the DuckDB Flight SQL server: queries, prepared
 * statements with parameters, updates and DatabaseMetaData, with results equal to DuckDB's own.
 */
class JdbcDriverTest {
    @TempDir
    static Path dir;
    static SqlServerFixture fixture;
    static Connection connection;

    @BeforeAll
    static void start() throws SQLException {
        fixture = new SqlServerFixture(dir);
        connection = DriverManager.getConnection("jdbc:arrow-flight-sql://localhost:" + fixture.server.port()
                + "/?useEncryption=false");
    }

    @AfterAll
    static void stop() throws SQLException {
        connection.close();
        fixture.close();
    }

    /** A result set as rows of values as Quiver gives them (LocalDate for dates). */
    private static List<List<Object>> rows(ResultSet rs) throws SQLException {
        ResultSetMetaData md = rs.getMetaData();
        List<List<Object>> out = new ArrayList<>();
        while (rs.next()) {
            List<Object> row = new ArrayList<>();
            for (int c = 1; c <= md.getColumnCount(); c++) {
                Object v = rs.getObject(c);
                row.add(v instanceof java.sql.Date d ? d.toLocalDate() : v);
            }
            out.add(row);
        }
        return out;
    }

    @Test
    void queriesGiveDuckDbsResults() throws SQLException {
        for (String q : List.of("SELECT id, city, fare, day FROM trips ORDER BY id",
                "SELECT city, count(*) AS n, sum(fare) AS total FROM trips GROUP BY city ORDER BY city NULLS FIRST",
                "SELECT a.id, b.id AS other FROM trips a JOIN trips b ON a.id = b.id + 1 WHERE a.id < 50 ORDER BY 1")) {
            try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(q)) {
                assertEquals(SqlServerFixture.duckDb(q), rows(rs), q);
            }
        }
    }

    @Test
    void datesComeAsDates() throws SQLException {
        String q = "SELECT day FROM trips WHERE id < 3 ORDER BY id";
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(q)) {
            assertTrue(rs.next());
            assertEquals(LocalDate.ofEpochDay(19000), rs.getDate(1).toLocalDate());
        }
    }

    @Test
    void preparedStatementsWithParameters() throws SQLException {
        try (PreparedStatement p = connection.prepareStatement(
                "SELECT id, city FROM trips WHERE id < ? AND city = ? ORDER BY id")) {
            ParameterMetaData md = p.getParameterMetaData();
            assertEquals(2, md.getParameterCount());
            // the types DuckDB declares for the placeholders (id is BIGINT, city VARCHAR)
            assertEquals(List.of(Types.BIGINT, Types.VARCHAR), List.of(md.getParameterType(1),
                    md.getParameterType(2)));
            p.setLong(1, 40);
            p.setString(2, "Oslo");
            try (ResultSet rs = p.executeQuery()) {
                assertEquals(SqlServerFixture.duckDb("SELECT id, city FROM trips WHERE id < 40 AND city = 'Oslo' "
                        + "ORDER BY id"), rows(rs));
            }
            p.setInt(1, 12);
            p.setString(2, "Lima");
            try (ResultSet rs = p.executeQuery()) {
                assertEquals(SqlServerFixture.duckDb("SELECT id, city FROM trips WHERE id < 12 AND city = 'Lima' "
                        + "ORDER BY id"), rows(rs));
            }
        }
    }

    @Test
    void updates() throws SQLException {
        try (Statement s = connection.createStatement()) {
            assertEquals(0, s.executeUpdate("CREATE TABLE jdbc_notes (id INTEGER, body VARCHAR)"));
            assertEquals(3, s.executeUpdate("INSERT INTO jdbc_notes VALUES (1, 'a'), (2, 'b'), (3, 'c')"));
        }
        try (PreparedStatement p = connection.prepareStatement("UPDATE jdbc_notes SET body = ? WHERE id >= ?")) {
            assertEquals(List.of(Types.VARCHAR, Types.INTEGER), List.of(p.getParameterMetaData().getParameterType(1),
                    p.getParameterMetaData().getParameterType(2)));
            p.setString(1, "z");
            p.setInt(2, 2);
            assertEquals(2, p.executeUpdate());
        }
        try (Statement s = connection.createStatement();
                ResultSet rs = s.executeQuery("SELECT body FROM jdbc_notes ORDER BY id")) {
            assertEquals(List.of(List.of("a"), List.of("z"), List.of("z")), rows(rs));
        }
    }

    @Test
    void connectionsNamingSessionsHaveConnectionsOfTheirOwn() throws SQLException {
        // the driver sends the URL's other parameters as call headers: x-quiver-session names the session
        String url = "jdbc:arrow-flight-sql://localhost:" + fixture.server.port() + "/?useEncryption=false&"
                + Engine.SESSION_HEADER + "=";
        try (Connection a = DriverManager.getConnection(url + "jdbc-a");
                Connection b = DriverManager.getConnection(url + "jdbc-b");
                Statement sa = a.createStatement();
                Statement sb = b.createStatement()) {
            sa.executeUpdate("CREATE TEMPORARY TABLE jdbc_mine AS SELECT 5 AS x");
            try (ResultSet rs = sa.executeQuery("SELECT x FROM jdbc_mine")) {
                assertEquals(List.of(List.of(5)), rows(rs));
            }
            SQLException e = assertThrows(SQLException.class, () -> sb.executeQuery("SELECT x FROM jdbc_mine"));
            assertTrue(String.valueOf(e.getMessage()).contains("jdbc_mine"), e.getMessage());
            try (ResultSet rs = sb.executeQuery("SELECT count(*) FROM trips")) {
                assertEquals(List.of(List.of((long) SqlServerFixture.ROWS)), rows(rs));
            }
        }
    }

    @Test
    void sqlErrorsCarryDuckDbsMessage() throws SQLException {
        try (Statement s = connection.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("SELECT nope FROM trips"));
            assertTrue(String.valueOf(e.getMessage()).contains("nope"), e.getMessage());
        }
    }

    @Test
    void databaseMetaData() throws SQLException {
        DatabaseMetaData md = connection.getMetaData();
        List<String> catalogs = new ArrayList<>();
        try (ResultSet rs = md.getCatalogs()) {
            while (rs.next()) {
                catalogs.add(rs.getString("TABLE_CAT"));
            }
        }
        assertEquals(SqlServerFixture.duckDb("SELECT DISTINCT catalog_name FROM information_schema.schemata "
                + "ORDER BY 1").stream().map(r -> r.get(0)).toList(), catalogs);
        List<String> schemas = new ArrayList<>();
        try (ResultSet rs = md.getSchemas()) {
            while (rs.next()) {
                schemas.add(rs.getString("TABLE_SCHEM"));
            }
        }
        assertTrue(schemas.contains("main"), schemas.toString());
        List<String> tables = new ArrayList<>();
        try (ResultSet rs = md.getTables(null, null, "trips", null)) {
            while (rs.next()) {
                tables.add(rs.getString("TABLE_NAME") + ":" + rs.getString("TABLE_TYPE"));
            }
        }
        assertEquals(1, tables.size(), tables.toString());
        assertTrue(tables.getFirst().startsWith("trips:"), tables.toString());
        List<String> columns = new ArrayList<>();
        try (ResultSet rs = md.getColumns(null, null, "trips", null)) {
            while (rs.next()) {
                columns.add(rs.getString("COLUMN_NAME") + " " + rs.getInt("DATA_TYPE"));
            }
        }
        assertEquals(List.of("id " + java.sql.Types.BIGINT, "city " + java.sql.Types.VARCHAR,
                "fare " + java.sql.Types.DOUBLE, "day " + java.sql.Types.DATE), columns);
        // The driver (18.3.0) leaves getTypeInfo to Avatica's default, an empty result that never reaches the
        // server; GetXdbcTypeInfo is tested through arrow-java's FlightSqlClient (ArrowJavaClientTest).
        try (ResultSet rs = md.getTypeInfo()) {
            assertFalse(rs.next());
        }
    }
}
