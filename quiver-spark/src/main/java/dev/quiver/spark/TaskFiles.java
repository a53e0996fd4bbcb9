// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import java.util.List;
import org.apache.spark.sql.connector.write.WriterCommitMessage;

/**
 * What a committed task tells the driver: the complete files it left in the job's staging directory.
 *
 * @param names the files' names
 */
record TaskFiles(List<String> names) implements WriterCommitMessage {
}
