// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import java.nio.file.Path;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.SupportsTruncate;
import org.apache.spark.sql.connector.write.Write;
import org.apache.spark.sql.connector.write.WriteBuilder;

/** Builds the write of a directory of Arrow files: an append, or with {@link #truncate()} an overwrite. */
final class ArrowWriteBuilder implements WriteBuilder, SupportsTruncate {
    private final Path output;
    private final LogicalWriteInfo info;
    private boolean truncate;

    ArrowWriteBuilder(Path output, LogicalWriteInfo info) {
        this.output = output;
        this.info = info;
    }

    @Override
    public WriteBuilder truncate() {
        truncate = true;
        return this;
    }

    @Override
    public Write build() {
        return new ArrowBatchWrite(output, info.queryId().replace("-", "").substring(0, 12), info.schema(),
                WriteSettings.of(info.options()), truncate);
    }
}
