// SPDX-License-Identifier: Apache-2.0
package dev.quiver.core.text;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** A table of text printed with aligned columns: a header, a rule, then the rows. */
public final class TextTable {
    /** The widest a cell prints; longer text is cut and ends with an ellipsis. */
    public static final int MAX_CELL = 48;

    private final List<String> header;
    private final boolean[] rightAligned;
    private final List<List<String>> rows = new ArrayList<>();

    /**
     * A table with these column headers.
     *
     * @param header the column headers
     * @param rightAligned {@code rightAligned[c]} for a column to align on the right (numbers); all left
     *     when not one flag per column
     */
    public TextTable(List<String> header, boolean... rightAligned) {
        this.header = List.copyOf(header);
        this.rightAligned = rightAligned.length == header.size() ? rightAligned.clone() : new boolean[header.size()];
    }

    /**
     * Adds a row of as many cells as there are columns; a cell wider than {@link #MAX_CELL} is cut and
     * ends with an ellipsis, line breaks and tabs become spaces.
     *
     * @param row the cells
     * @return this table
     * @throws IllegalArgumentException when the row has another number of cells
     */
    public TextTable add(List<String> row) {
        if (row.size() != header.size()) {
            throw new IllegalArgumentException(row.size() + " cells for " + header.size() + " columns");
        }
        rows.add(row.stream().map(TextTable::cut).toList());
        return this;
    }

    /**
     * Adds a row of cells.
     *
     * @param row the cells, one per column
     * @return this table
     * @throws IllegalArgumentException when the row has another number of cells
     */
    public TextTable add(String... row) {
        return add(List.of(row));
    }

    private static String cut(String cell) {
        String flat = cell.replace('\n', ' ').replace('\r', ' ').replace('\t', ' ');
        return flat.length() <= MAX_CELL ? flat : flat.substring(0, MAX_CELL - 1) + "…";
    }

    /**
     * Prints the table, each line indented by {@code indent}.
     *
     * @param out where to print
     * @param indent the start of every line
     */
    public void print(PrintWriter out, String indent) {
        out.print(render(indent));
    }

    /**
     * The table as text, each line indented by {@code indent} and ended by a line break.
     *
     * @param indent the start of every line
     * @return the header, the rule and the rows
     */
    public String render(String indent) {
        StringBuilder text = new StringBuilder();
        int[] widths = new int[header.size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = cut(header.get(c)).length();
            for (List<String> row : rows) {
                widths[c] = Math.max(widths[c], row.get(c).length());
            }
        }
        text.append(line(indent, header.stream().map(TextTable::cut).toList(), widths)).append('\n');
        List<String> rule = new ArrayList<>();
        for (int width : widths) {
            rule.add("-".repeat(width));
        }
        text.append(line(indent, rule, widths)).append('\n');
        for (List<String> row : rows) {
            text.append(line(indent, row, widths)).append('\n');
        }
        return text.toString();
    }

    private String line(String indent, List<String> cells, int[] widths) {
        StringBuilder sb = new StringBuilder(indent);
        for (int c = 0; c < cells.size(); c++) {
            if (c > 0) {
                sb.append("  ");
            }
            String cell = cells.get(c);
            String pad = " ".repeat(widths[c] - cell.length());
            boolean last = c == cells.size() - 1;
            sb.append(rightAligned[c] ? pad + cell : last ? cell : cell + pad);
        }
        return sb.toString();
    }
}
