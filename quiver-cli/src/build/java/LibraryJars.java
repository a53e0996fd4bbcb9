// SPDX-License-Identifier: Apache-2.0

import java.io.IOException;
import java.io.OutputStream;
import java.lang.classfile.ClassElement;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassFileVersion;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.classfile.ClassModel;
import java.lang.classfile.CodeTransform;
import java.lang.classfile.MethodModel;
import java.lang.classfile.MethodTransform;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

/**
 * A build step of quiver-cli, run by the JDK of the build's toolchain in source-file mode on the library
 * jars the launcher runs with (docs/benchmarks.md, "Cold start"). Each change is one of these commands:
 * <ul>
 * <li>{@code upgrade-class-files JAR...}: class files older than Java 6 (major version 50) become Java 8
 * class files (52), with the stack map frames the newer format needs computed. The JVM's ahead-of-time
 * cache cannot hold older class files: picocli is built as Java 5 class files, so without this every
 * command loads and verifies its 174 classes from the jar.</li>
 * <li>{@code drop-release-classes RELEASE JAR...}: the classes a multi-release jar keeps for Java RELEASE
 * and later ({@code META-INF/versions/RELEASE/}) are removed, so that its base classes run. zstd-jni's
 * classes for Java 22 bind libzstd through the FFM API, whose first use makes a fresh JVM link some
 * forty downcalls (about 0.15 s of the first ZSTD read or write); its base classes call the same native
 * library through JNI (the binding zstd-jni itself selects with
 * {@code -Djdk.util.jar.enableMultiRelease=false}).</li>
 * </ul>
 * A jar that needs no change is left as it is; a changed jar is replaced whole, through a temporary file
 * moved over it.
 */
public final class LibraryJars {
    private static final int TARGET_MAJOR = ClassFile.JAVA_8_VERSION;

    /** What becomes of one entry of a jar: its new bytes, or null to leave it out. */
    private interface EntryChange {
        byte[] apply(String name, byte[] bytes);
    }

    private LibraryJars() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length >= 2 && args[0].equals("upgrade-class-files")) {
            for (String jar : Arrays.asList(args).subList(1, args.length)) {
                upgradeClassFiles(Path.of(jar));
            }
        } else if (args.length >= 3 && args[0].equals("drop-release-classes")) {
            String prefix = "META-INF/versions/" + Integer.parseInt(args[1]) + "/";
            for (String jar : Arrays.asList(args).subList(2, args.length)) {
                int dropped = rewrite(Path.of(jar), (name, bytes) -> name.startsWith(prefix) ? null : bytes);
                report(jar, dropped, "entries of " + prefix + " removed");
            }
        } else {
            throw new IllegalArgumentException("usage: LibraryJars upgrade-class-files JAR... | "
                    + "drop-release-classes RELEASE JAR...; not " + List.of(args));
        }
    }

    private static void upgradeClassFiles(Path jar) throws IOException {
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()},
                ClassLoader.getPlatformClassLoader())) {
            ClassFile classFile = ClassFile.of(ClassFile.StackMapsOption.GENERATE_STACK_MAPS,
                    ClassFile.ClassHierarchyResolverOption.of(ClassHierarchyResolver.defaultResolver()
                            .orElse(ClassHierarchyResolver.ofResourceParsing(loader))));
            int upgraded = rewrite(jar, (name, bytes) -> {
                if (name.endsWith(".class")) {
                    ClassModel model = classFile.parse(bytes);
                    if (model.majorVersion() < ClassFile.JAVA_6_VERSION) {
                        return upgrade(classFile, model);
                    }
                }
                return bytes;
            });
            report(jar.toString(), upgraded, "class files upgraded to version " + TARGET_MAJOR);
        }
    }

    private static void report(String jar, int changed, String what) {
        if (changed > 0) {
            System.out.println(Path.of(jar).getFileName() + ": " + changed + " " + what);
        }
    }

    /** Passes every entry of {@code jar} through {@code change}; the number of entries it changed or removed. */
    private static int rewrite(Path jar, EntryChange change) throws IOException {
        Path temporary = Files.createTempFile(jar.toAbsolutePath().getParent(), jar.getFileName().toString(), ".tmp");
        int changed = 0;
        try {
            try (ZipInputStream in = new ZipInputStream(Files.newInputStream(jar));
                    OutputStream file = Files.newOutputStream(temporary);
                    ZipOutputStream out = new ZipOutputStream(file)) {
                for (ZipEntry entry; (entry = in.getNextEntry()) != null; ) {
                    byte[] bytes = in.readAllBytes();
                    byte[] kept = change.apply(entry.getName(), bytes);
                    if (kept != bytes) {
                        changed++;
                    }
                    if (kept != null) {
                        ZipEntry copy = new ZipEntry(entry.getName());
                        copy.setTime(entry.getTime());
                        out.putNextEntry(copy);
                        out.write(kept);
                        out.closeEntry();
                    }
                }
            }
            if (changed > 0) {
                try {
                    Files.setPosixFilePermissions(temporary, Files.getPosixFilePermissions(jar));
                } catch (UnsupportedOperationException notPosix) {
                    // the file system has no such permissions to keep
                }
                Files.move(temporary, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
            return changed;
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    /** The class at the target version, each method's code passed through so that its frames are computed. */
    private static byte[] upgrade(ClassFile classFile, ClassModel model) {
        return classFile.build(model.thisClass().asSymbol(), builder -> {
            builder.withVersion(TARGET_MAJOR, 0);
            for (ClassElement element : model) {
                if (element instanceof MethodModel method) {
                    builder.transformMethod(method, MethodTransform.transformingCode(CodeTransform.ACCEPT_ALL));
                } else if (!(element instanceof ClassFileVersion)) {
                    builder.with(element);
                }
            }
        });
    }
}
