// SPDX-License-Identifier: Apache-2.0
package dev.quiver.spark;

import dev.quiver.benchdata.BenchFigures;
import java.io.Serializable;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * The bench-v1 checksum (docs/bench-v1.md) of Spark columnar batches of the whole bench-v1 table, read
 * through Spark's vector getters as a Spark operator would: touches every value, as {@code bench-read}
 * does.
 */
final class ColumnarChecksum implements Serializable {
    private long rows;
    private long sumId;
    private double sumX;
    private long countFlag;
    private long sumMaybe;
    private long nullMaybe;
    private long nameBytes;
    private long nullName;
    private long catBytes;
    private long sumTs;
    private long tagsCount;
    private long tagsSum;
    private long sumPrice;

    /** Adds a batch whose columns are bench-v1's, in order. */
    ColumnarChecksum add(ColumnarBatch batch) {
        int n = batch.numRows();
        ColumnVector id = batch.column(0);
        ColumnVector x = batch.column(1);
        ColumnVector flag = batch.column(2);
        ColumnVector maybe = batch.column(3);
        ColumnVector name = batch.column(4);
        ColumnVector cat = batch.column(5);
        ColumnVector ts = batch.column(6);
        ColumnVector tags = batch.column(7);
        ColumnVector price = batch.column(8);
        for (int i = 0; i < n; i++) {
            sumId += id.getLong(i);
            sumX += x.getDouble(i);
            if (flag.getBoolean(i)) {
                countFlag++;
            }
            if (maybe.isNullAt(i)) {
                nullMaybe++;
            } else {
                sumMaybe += maybe.getInt(i);
            }
            if (name.isNullAt(i)) {
                nullName++;
            } else {
                nameBytes += name.getUTF8String(i).numBytes();
            }
            catBytes += cat.getUTF8String(i).numBytes();
            sumTs += ts.getLong(i);
            ColumnarArray list = tags.getArray(i);
            int len = list.numElements();
            tagsCount += len;
            for (int k = 0; k < len; k++) {
                tagsSum += list.getInt(k);
            }
            if (!price.isNullAt(i)) {
                sumPrice += price.getDecimal(i, 18, 2).toUnscaledLong();
            }
        }
        rows += n;
        return this;
    }

    /** Adds another checksum's figures. */
    ColumnarChecksum add(ColumnarChecksum o) {
        rows += o.rows;
        sumId += o.sumId;
        sumX += o.sumX;
        countFlag += o.countFlag;
        sumMaybe += o.sumMaybe;
        nullMaybe += o.nullMaybe;
        nameBytes += o.nameBytes;
        nullName += o.nullName;
        catBytes += o.catBytes;
        sumTs += o.sumTs;
        tagsCount += o.tagsCount;
        tagsSum += o.tagsSum;
        sumPrice += o.sumPrice;
        return this;
    }

    BenchFigures figures() {
        return new BenchFigures(rows, sumId, sumX, countFlag, sumMaybe, nullMaybe, nameBytes, nullName, catBytes,
                sumTs, tagsCount, tagsSum, sumPrice);
    }
}
