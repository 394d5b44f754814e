// Reads and writes shogi records with tsshogi, the record library ShogiHome uses, for
// tools/interop/run.sh.
//
//   node interop.mjs read FILE...        one JSON line a file: {file, sfen, moves} or {file, error}
//   node interop.mjs write FILE OUTDIR   the record of FILE as tsshogi writes it: KIF, KI2,
//                                        CSA V2.2 and CSA V3.0, UTF-8 with LF line ends
//
// A file that is not valid UTF-8 is read as Shift_JIS; the format is told by the extension.
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { basename, join } from "node:path";
import { importKIF, importKI2, importCSA, exportKIF, exportKI2, exportCSA } from "tsshogi";

function load(file) {
  const bytes = readFileSync(file);
  let text = new TextDecoder("utf-8").decode(bytes);
  if (text.includes("\uFFFD")) text = new TextDecoder("shift_jis").decode(bytes);
  const ext = file.slice(file.lastIndexOf(".")).toLowerCase();
  const importer = ext === ".csa" ? importCSA : ext.startsWith(".ki2") ? importKI2 : importKIF;
  return importer(text);
}

// "position sfen B W H N moves m1 m2 ..." -> the SFEN's first three fields and the moves.
function positionOf(record) {
  const words = record.getUSI({ allMoves: true, startpos: false }).split(" ");
  const moves = words.indexOf("moves");
  return {
    sfen: words.slice(2, 5).join(" "),
    moves: moves < 0 ? "" : words.slice(moves + 1).join(" "),
  };
}

const [command, ...args] = process.argv.slice(2);
if (command === "read") {
  for (const file of args) {
    const record = load(file);
    console.log(JSON.stringify(record instanceof Error ? { file, error: record.message } : { file, ...positionOf(record) }));
  }
} else if (command === "write") {
  const [file, outdir] = args;
  const record = load(file);
  if (record instanceof Error) {
    console.error(`${file}: ${record.message}`);
    process.exit(1);
  }
  mkdirSync(outdir, { recursive: true });
  const name = basename(file).replace(/\.[^.]*$/, "");
  writeFileSync(join(outdir, `${name}.kifu`), exportKIF(record, { returnCode: "\n" }));
  writeFileSync(join(outdir, `${name}.ki2u`), exportKI2(record, { returnCode: "\n" }));
  writeFileSync(join(outdir, `${name}-v22.csa`), exportCSA(record, { returnCode: "\n" }));
  writeFileSync(join(outdir, `${name}-v30.csa`), exportCSA(record, { returnCode: "\n", v3: { encoding: "UTF-8" } }));
} else {
  console.error("usage: node interop.mjs read FILE... | write FILE OUTDIR");
  process.exit(2);
}
