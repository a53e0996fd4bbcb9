// SPDX-License-Identifier: Apache-2.0
package dev.quiver.bench;

/**
 * JVM flags of the JMH forks. arrow-java 19 needs the first two on JDK 25 (Quiver needs none); the
 * third silences the JNI warnings of zstd-jni and lz4-java, which both implementations load.
 */
final class Flags {
    static final String ADD_OPENS = "--add-opens=java.base/java.nio=ALL-UNNAMED";
    static final String UNSAFE = "--sun-misc-unsafe-memory-access=allow";
    static final String NATIVE = "--enable-native-access=ALL-UNNAMED";
    static final String HEAP = "-Xmx8g";

    private Flags() {
    }
}
