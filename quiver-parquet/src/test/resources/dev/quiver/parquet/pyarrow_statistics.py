# SPDX-License-Identifier: Apache-2.0
# argv: PARQUET ARROW ROW_GROUP_SIZE - the statistics pyarrow reports for the Parquet file equal those of
# pyarrow's own writing of the same data with the same row groups (min, max, null count, presence), and every
# column chunk has a column index and an offset index (unless pyarrow's own has none either).
import sys
import pyarrow.parquet as pq
import pyarrow.ipc as ipc

expected = ipc.open_file(sys.argv[2]).read_all()
# pyarrow refuses nulls in a non-nullable child under a null struct, which Arrow allows: leave those out
expected = expected.select([n for n in expected.column_names if n != "struct"])
reference = sys.argv[1] + ".pyarrow.parquet"
pq.write_table(expected, reference, row_group_size=int(sys.argv[3]), write_page_index=True)
ours = pq.ParquetFile(sys.argv[1]).metadata
theirs = pq.ParquetFile(reference).metadata
paths = {theirs.row_group(0).column(j).path_in_schema: j for j in range(theirs.num_columns)}
ours_paths = {ours.row_group(0).column(j).path_in_schema: j for j in range(ours.num_columns)}
problems = []
if ours.num_row_groups != theirs.num_row_groups:
    problems.append(f"row groups {ours.num_row_groups} != {theirs.num_row_groups}")
compared = 0
for i in range(min(ours.num_row_groups, theirs.num_row_groups)):
    for path, j in paths.items():
        a = ours.row_group(i).column(ours_paths[path])
        b = theirs.row_group(i).column(j)
        sa, sb = a.statistics, b.statistics
        if sb is None:
            continue
        if sa is None:
            problems.append(f"{path} rg {i}: no statistics")
            continue
        if (sa.null_count, sa.has_min_max) != (sb.null_count, sb.has_min_max):
            problems.append(f"{path} rg {i}: nulls/has_min_max {sa.null_count},{sa.has_min_max} != {sb.null_count},{sb.has_min_max}")
        elif sb.has_min_max and (sa.min_raw != sb.min_raw or sa.max_raw != sb.max_raw):
            problems.append(f"{path} rg {i}: min/max {sa.min_raw!r},{sa.max_raw!r} != {sb.min_raw!r},{sb.max_raw!r}")
        if b.has_column_index and not a.has_column_index:
            problems.append(f"{path} rg {i}: no column index")
        if b.has_offset_index and not a.has_offset_index:
            problems.append(f"{path} rg {i}: no offset index")
        compared += 1
print("\n".join(problems) if problems else f"equal {compared}")
