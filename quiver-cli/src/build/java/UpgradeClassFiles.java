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
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

/**
 * A build step of quiver-cli, run by the JDK of the build's toolchain in source-file mode:
 * {@code java UpgradeClassFiles.java JAR...} rewrites the class files of each jar that are older than
 * Java 6 (major version 50) as Java 8 class files (major version 52), with the stack map frames the newer
 * format needs computed; nothing else in the jar changes. The JVM's ahead-of-time cache, which the
 * {@code ./quiver} launcher makes, cannot hold class files older than version 50: picocli is built as
 * Java 5 class files, so without this every command loads and verifies its 174 classes from the jar
 * (docs/benchmarks.md, "Cold start"). A jar without such class files is left as it is; a jar is replaced
 * whole, through a temporary file moved over it.
 */
public final class UpgradeClassFiles {
    private static final int TARGET_MAJOR = ClassFile.JAVA_8_VERSION;

    private UpgradeClassFiles() {
    }

    public static void main(String[] args) throws IOException {
        for (String arg : args) {
            Path jar = Path.of(arg);
            int upgraded = upgrade(jar);
            if (upgraded > 0) {
                System.out.println(jar.getFileName() + ": " + upgraded + " class files upgraded to version "
                        + TARGET_MAJOR);
            }
        }
    }

    private static int upgrade(Path jar) throws IOException {
        Path temporary = Files.createTempFile(jar.toAbsolutePath().getParent(), jar.getFileName().toString(), ".tmp");
        int upgraded = 0;
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()},
                ClassLoader.getPlatformClassLoader())) {
            ClassFile classFile = ClassFile.of(ClassFile.StackMapsOption.GENERATE_STACK_MAPS,
                    ClassFile.ClassHierarchyResolverOption.of(ClassHierarchyResolver.defaultResolver()
                            .orElse(ClassHierarchyResolver.ofResourceParsing(loader))));
            try (ZipInputStream in = new ZipInputStream(Files.newInputStream(jar));
                    OutputStream file = Files.newOutputStream(temporary);
                    ZipOutputStream out = new ZipOutputStream(file)) {
                for (ZipEntry entry; (entry = in.getNextEntry()) != null; ) {
                    byte[] bytes = in.readAllBytes();
                    if (entry.getName().endsWith(".class")) {
                        ClassModel model = classFile.parse(bytes);
                        if (model.majorVersion() < ClassFile.JAVA_6_VERSION) {
                            bytes = rewrite(classFile, model);
                            upgraded++;
                        }
                    }
                    ZipEntry copy = new ZipEntry(entry.getName());
                    copy.setTime(entry.getTime());
                    out.putNextEntry(copy);
                    out.write(bytes);
                    out.closeEntry();
                }
            }
            if (upgraded > 0) {
                try {
                    Files.setPosixFilePermissions(temporary, Files.getPosixFilePermissions(jar));
                } catch (UnsupportedOperationException notPosix) {
                    // the file system has no such permissions to keep
                }
                Files.move(temporary, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
            return upgraded;
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    /** The class at the target version, each method's code passed through so that its frames are computed. */
    private static byte[] rewrite(ClassFile classFile, ClassModel model) {
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
