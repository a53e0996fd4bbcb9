// SPDX-License-Identifier: Apache-2.0
/** The quiver command. */
module dev.quiver.cli {
    requires dev.quiver.core;
    requires dev.quiver.ipc;
    requires dev.quiver.json;
    requires dev.quiver.io;
    requires dev.quiver.dataset;
    requires dev.quiver.compute;
    requires dev.quiver.row;
    requires dev.quiver.benchdata;
    requires dev.quiver.csv;
    requires dev.quiver.ndjson;
    requires dev.quiver.duckdb;
    requires dev.quiver.flight;
    requires dev.quiver.flightsql;
    requires info.picocli;

    opens dev.quiver.cli to info.picocli;
    opens dev.quiver.cli.flight to info.picocli;
}
