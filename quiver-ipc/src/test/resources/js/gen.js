// SPDX-License-Identifier: Apache-2.0
// Generates an LZ4-compressed IPC stream and file with apache-arrow (JS) 21, whose length prefixes
// hold the compressed length instead of the uncompressed one. Run: node gen.js (needs apache-arrow@21, lz4js).
const arrow = require('apache-arrow');
const lz4 = require('lz4js');
const fs = require('fs');
arrow.compressionRegistry.set(arrow.CompressionType.LZ4_FRAME, {
  encode: (d) => lz4.compress(d),
  decode: (d) => lz4.decompress(d),
});
const n = 3000;
const a = [];
const b = [];
for (let i = 0; i < n; i++) {
  a.push(i % 7 === 0 ? null : i * 3);
  b.push(BigInt(Math.floor(i / 100)));
}
const table = new arrow.Table({
  a: arrow.vectorFromArray(a, new arrow.Int32()),
  b: arrow.vectorFromArray(b, new arrow.Int64()),
});
for (const [Writer, name] of [[arrow.RecordBatchStreamWriter, 'js-lz4.arrows'], [arrow.RecordBatchFileWriter, 'js-lz4.arrow']]) {
  const w = new Writer({ compressionType: arrow.CompressionType.LZ4_FRAME });
  w.write(table);
  w.finish();
  fs.writeFileSync(name, w.toUint8Array(true));
}
