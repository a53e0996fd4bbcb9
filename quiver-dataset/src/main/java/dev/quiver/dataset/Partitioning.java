// SPDX-License-Identifier: Apache-2.0
package dev.quiver.dataset;

import dev.quiver.core.type.Field;
import dev.quiver.core.type.Schema;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * How the directories above a dataset's files name partition keys and their values.
 *
 * <ul>
 *   <li>{@linkplain #hive() hive}: each directory {@code key=value} names a key and its value, both
 *       URL-decoded; {@code __HIVE_DEFAULT_PARTITION__} is null; other directories are ignored.
 *   <li>{@linkplain #directory(String...) directory}: the first directories below the root are the
 *       values of the keys in order ({@code 2024/eu/part-0.arrow} with keys {@code year, region}); a file
 *       with fewer directories has nulls for the keys it lacks.
 *   <li>{@linkplain #none() none}: no partition keys.
 * </ul>
 *
 * <p>A key's type is given by a schema, or inferred from all the values of the dataset: {@code int32} if
 * every value is an integer in its range, {@code int64} if every value is an integer, else {@code utf8}
 * (as Arrow C++ infers them).
 *
 * @param scheme hive, directory or none
 * @param names the keys of a directory partitioning in order; empty for hive (keys come from the paths)
 * @param types the keys' types where given; keys not named here are inferred
 */
public record Partitioning(Scheme scheme, List<String> names, Schema types) {
    /** The name hive partitioning gives a null value. */
    public static final String HIVE_NULL = "__HIVE_DEFAULT_PARTITION__";

    /** How partition keys appear in a path. */
    public enum Scheme {
        /** No partition keys. */
        NONE,
        /** {@code key=value} directories. */
        HIVE,
        /** Directories holding values of keys named in order. */
        DIRECTORY
    }

    /**
     * Checks and copies the parts.
     *
     * @throws IllegalArgumentException if a directory partitioning names no key or a key twice
     */
    public Partitioning {
        Objects.requireNonNull(scheme, "scheme");
        names = List.copyOf(names);
        types = types == null ? new Schema(List.of()) : types;
        if (scheme == Scheme.DIRECTORY && names.isEmpty()) {
            throw new IllegalArgumentException("a directory partitioning names at least one key");
        }
        if (names.stream().distinct().count() != names.size()) {
            throw new IllegalArgumentException("a partition key is named twice: " + names);
        }
    }

    /**
     * No partition keys.
     *
     * @return the partitioning
     */
    public static Partitioning none() {
        return new Partitioning(Scheme.NONE, List.of(), null);
    }

    /**
     * Hive partitioning, key types inferred.
     *
     * @return the partitioning
     */
    public static Partitioning hive() {
        return new Partitioning(Scheme.HIVE, List.of(), null);
    }

    /**
     * Hive partitioning with the types of some or all keys given.
     *
     * @param types fields naming keys and their types ({@code int8..int64}, {@code utf8}, {@code date32}…)
     * @return the partitioning
     */
    public static Partitioning hive(Schema types) {
        return new Partitioning(Scheme.HIVE, List.of(), types);
    }

    /**
     * Directory partitioning, key types inferred.
     *
     * @param names the keys, one per directory level below the root
     * @return the partitioning
     */
    public static Partitioning directory(String... names) {
        return new Partitioning(Scheme.DIRECTORY, Arrays.asList(names), null);
    }

    /**
     * Directory partitioning with the keys and their types given.
     *
     * @param types one field per directory level below the root
     * @return the partitioning
     */
    public static Partitioning directory(Schema types) {
        return new Partitioning(Scheme.DIRECTORY, types.names(), types);
    }

    /**
     * Parses a partitioning as the command line writes it: {@code hive}, {@code dir:KEY[,KEY…]} or
     * {@code none}.
     *
     * @param spec the text
     * @return the partitioning
     * @throws DatasetException if the text is none of these
     */
    public static Partitioning parse(String spec) {
        String text = spec.trim();
        String lower = text.toLowerCase(Locale.ROOT);
        if (lower.equals("hive")) {
            return hive();
        }
        if (lower.equals("none")) {
            return none();
        }
        if (lower.startsWith("dir:") || lower.startsWith("directory:")) {
            String keys = text.substring(text.indexOf(':') + 1);
            List<String> names = new ArrayList<>();
            for (String name : keys.split(",")) {
                if (!name.isBlank()) {
                    names.add(name.trim());
                }
            }
            if (names.isEmpty()) {
                throw new DatasetException("partitioning '" + spec + "' names no key (dir:KEY[,KEY...])");
            }
            return new Partitioning(Scheme.DIRECTORY, names, null);
        }
        throw new DatasetException("unknown partitioning '" + spec + "' (hive, dir:KEY[,KEY...], none)");
    }

    /**
     * The raw values a file's directories give, in the order the keys appear; a null value is null.
     *
     * @param directories the names of the directories between the dataset's root and the file
     * @param file the file, for messages
     * @return key to raw value
     * @throws DatasetException if a hive directory's key or value is not valid URL encoding
     */
    Map<String, String> rawValues(List<String> directories, String file) {
        Map<String, String> values = new LinkedHashMap<>();
        switch (scheme) {
            case NONE -> {
            }
            case HIVE -> {
                for (String directory : directories) {
                    int eq = directory.indexOf('=');
                    if (eq <= 0) {
                        continue;
                    }
                    String key = decode(directory.substring(0, eq), file);
                    String value = decode(directory.substring(eq + 1), file);
                    values.put(key, value.equals(HIVE_NULL) ? null : value);
                }
            }
            case DIRECTORY -> {
                for (int i = 0; i < names.size(); i++) {
                    values.put(names.get(i), i < directories.size() ? directories.get(i) : null);
                }
            }
        }
        return values;
    }

    /**
     * The type a key was given, or null to infer it.
     *
     * @param key the key
     * @return its field, or null
     */
    Field given(String key) {
        int i = types.indexOf(key);
        return i < 0 ? null : types.field(i);
    }

    private static String decode(String text, String file) {
        try {
            // Percent-decoding only: a '+' in a path is a plus sign, not a space.
            return URLDecoder.decode(text.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new DatasetException("partition directory '" + text + "' of " + file
                    + " is not valid URL encoding: " + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return switch (scheme) {
            case NONE -> "none";
            case HIVE -> "hive";
            case DIRECTORY -> "dir:" + String.join(",", names);
        };
    }
}
