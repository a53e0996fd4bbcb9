// SPDX-License-Identifier: Apache-2.0
package dev.quiver.duckdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.JarURLConnection;
import java.net.URL;
import java.net.URLConnection;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The bundled library's cache file is named as before: its jar's time, read without the HTTP header. */
class NativeLibraryTest {
    @Test
    void theJarEntrysTimeIsTheLastModifiedHeadersTime() throws Exception {
        String os = System.getProperty("os.name").toLowerCase(Locale.ROOT);
        String resource = NativeLibrary.resourceName(System.getProperty("os.name"), System.getProperty("os.arch"));
        URL url = NativeLibrary.class.getClassLoader().getResource(resource);
        assertNotNull(url, "the duckdb_jdbc jar holds " + resource + " (" + os + ")");
        URLConnection connection = url.openConnection();
        assertTrue(connection instanceof JarURLConnection, url.toString());
        long header = url.openConnection().getLastModified();
        assertTrue(header > 0, "a time");
        assertEquals(header, NativeLibrary.modified(connection));
    }
}
