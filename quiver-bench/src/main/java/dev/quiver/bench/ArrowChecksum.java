// SPDX-License-Identifier: Apache-2.0
package dev.quiver.bench;

import dev.quiver.benchdata.BenchFigures;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.dictionary.DictionaryProvider;

/**
 * The {@code bench-v1} checksum (docs/bench-v1.md) over arrow-java vectors, through their typed
 * accessors; its {@link #lines()} match {@code dev.quiver.benchdata.BenchChecksum}.
 */
public final class ArrowChecksum {
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

    /** Adds the rows of the batch loaded in {@code root}; {@code cat}'s dictionary comes from the provider. */
    public void add(VectorSchemaRoot root, DictionaryProvider dictionaries) {
        int n = root.getRowCount();
        rows += n;
        BigIntVector id = (BigIntVector) root.getVector("id");
        Float8Vector x = (Float8Vector) root.getVector("x");
        BitVector flag = (BitVector) root.getVector("flag");
        TimeStampVector ts = (TimeStampVector) root.getVector("ts");
        for (int k = 0; k < n; k++) {
            sumId += id.get(k);
            sumX += x.get(k);
            countFlag += flag.get(k);
            sumTs += ts.get(k);
        }
        addMaybe((IntVector) root.getVector("maybe"), n);
        addName((VarCharVector) root.getVector("name"), n);
        addCat((IntVector) root.getVector("cat"), dictionaries, n);
        addTags((ListVector) root.getVector("tags"), n);
        addPrice((DecimalVector) root.getVector("price"), n);
    }

    private void addMaybe(IntVector v, int n) {
        for (int k = 0; k < n; k++) {
            if (v.isNull(k)) {
                nullMaybe++;
            } else {
                sumMaybe += v.get(k);
            }
        }
    }

    private void addName(VarCharVector v, int n) {
        for (int k = 0; k < n; k++) {
            if (v.isNull(k)) {
                nullName++;
            } else {
                nameBytes += v.getValueLength(k);
            }
        }
    }

    private void addCat(IntVector v, DictionaryProvider dictionaries, int n) {
        long id = v.getField().getDictionary().getId();
        VarCharVector dictionary = (VarCharVector) dictionaries.lookup(id).getVector();
        long[] lengths = new long[dictionary.getValueCount()];
        for (int c = 0; c < lengths.length; c++) {
            lengths[c] = dictionary.getValueLength(c);
        }
        for (int k = 0; k < n; k++) {
            catBytes += lengths[v.get(k)];
        }
    }

    private void addTags(ListVector v, int n) {
        if (n == 0) {
            return;
        }
        IntVector items = (IntVector) v.getDataVector();
        int first = v.getElementStartIndex(0);
        int last = v.getElementEndIndex(n - 1);
        tagsCount += last - first;
        for (int e = first; e < last; e++) {
            tagsSum += items.get(e);
        }
    }

    private void addPrice(DecimalVector v, int n) {
        for (int k = 0; k < n; k++) {
            if (!v.isNull(k)) {
                sumPrice += v.getDataBuffer().getLong((long) k * DecimalVector.TYPE_WIDTH);
            }
        }
    }

    /** The figures so far. */
    public BenchFigures figures() {
        return new BenchFigures(rows, sumId, sumX, countFlag, sumMaybe, nullMaybe, nameBytes, nullName, catBytes,
                sumTs, tagsCount, tagsSum, sumPrice);
    }

    /** The figures as DATASET.md prints them: {@code name=value}, one per line, in its order. */
    public List<String> lines() {
        return figures().lines();
    }

    /** The sum of {@code id}, for a benchmark to return. */
    public long sumId() {
        return sumId;
    }
}
