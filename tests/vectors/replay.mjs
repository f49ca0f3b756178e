// WASM replay of the golden vectors (format: tests/vectors/README.md). Node 20, no dependencies.
//
// Runs every case of tests/vectors/*.json through the Node package's facade export
// (`evaluate` for the core's files, `evaluateBlocks` for files with "facade": "blocks"; only the
// Node package has them: `cargo xtask wasm` builds it with wasm-core's `vectors` feature, which
// also keeps tessera-blocks' iframe check in, as natively; the browser's package has neither), checks
// `expect` (deep JSON equality) or `error` (the thrown Error's exact message), and compares each
// output string byte for byte with the native output of the same case, which
// `cargo test -p tessera-core -p tessera-blocks --test vectors` writes to
// target/vectors/native-outputs*.jsonl (one file per facade).
//
//   cd /work/main
//   cargo xtask wasm                  # writes wasm-core/pkg-node (the `vectors` build)
//   cargo test -p tessera-core -p tessera-blocks --test vectors
//   cargo test -p tessera-core --test random_vectors
//   node tests/vectors/replay.mjs [substring of a file or case name]
//
// Then the binary sheet format's golden files (tests/vectors/columnar/<name>.bin against
// <name>.json) load through SheetTable.fromColumnar and write back through toColumnar.
//
// It then replays target/vectors/native-random.jsonl, the seeded random cases that
// `cargo test -p tessera-core --test random_vectors` answered natively (same byte-for-byte rule).
//
// Ends with the line `N passed, M failed`; exits 1 on any failure.

import { createRequire } from 'node:module';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const pkgPath = path.join(root, 'wasm-core/pkg-node/tessera_wasm_core.js');
const nativeDir = path.join(root, 'target/vectors');
const nativeCommand = 'cargo test -p tessera-core -p tessera-blocks --test vectors';
const only = process.argv[2] ?? '';

function die(message) {
  console.error(message);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

if (!existsSync(pkgPath)) {
  die(`missing ${pkgPath}: run \`cargo xtask wasm\` first`);
}
const require = createRequire(import.meta.url);
const wasm = require(pkgPath);
// Each facade's WASM export and the file its native replay writes (tessera-vectors).
const facades = {
  core: { evaluate: wasm.evaluate, native: 'native-outputs.jsonl' },
  blocks: { evaluate: wasm.evaluateBlocks, native: 'native-outputs-blocks.jsonl' },
};

const key = (file, name) => `${file}\u0000${name}`;
const native = new Map();
for (const { native: file } of Object.values(facades)) {
  const nativePath = path.join(nativeDir, file);
  if (!existsSync(nativePath)) {
    die(`missing ${nativePath}: run ${nativeCommand} first (it writes the native outputs)`);
  }
  for (const line of readFileSync(nativePath, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const entry = JSON.parse(line);
    native.set(key(entry.file, entry.name), entry);
  }
}

function deepEqual(a, b) {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && deepEqual(a[k], b[k]));
}

const show = (value) => (typeof value === 'string' ? value : JSON.stringify(value));

let passed = 0;
let failed = 0;
function fail(file, name, lines) {
  failed += 1;
  console.log(`FAIL ${file} / ${name}`);
  for (const line of lines) console.log(`    ${line}`);
}

const files = readdirSync(here).filter((f) => f.endsWith('.json')).sort();
for (const file of files) {
  const doc = JSON.parse(readFileSync(path.join(here, file), 'utf8'));
  const facade = facades[doc.facade ?? 'core'];
  if (facade === undefined || typeof facade.evaluate !== 'function') {
    fail(file, '(file)', [`no WASM export for facade \`${doc.facade ?? 'core'}\` (is wasm-core/pkg-node the \`vectors\` build? run \`cargo xtask wasm\`)`]);
    continue;
  }
  const { evaluate } = facade;
  for (const testCase of doc.cases ?? []) {
    const { name } = testCase;
    if (only && !file.includes(only) && !name.includes(only)) continue;
    const op = testCase.op ?? doc.op;
    const input = JSON.stringify(testCase.input ?? null);
    let output;
    let error;
    try {
      output = evaluate(op, input);
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    const problems = [];

    if ('expect' in testCase) {
      if (error !== undefined) {
        problems.push(`expected ${show(testCase.expect)}`, `actual   error: ${error}`);
      } else if (!deepEqual(JSON.parse(output), testCase.expect)) {
        problems.push(`expected ${show(testCase.expect)}`, `actual   ${output}`);
      }
    } else if ('error' in testCase) {
      if (error === undefined) {
        problems.push(`expected error: ${testCase.error}`, `actual   ${output}`);
      } else if (error !== testCase.error) {
        problems.push(`expected error: ${testCase.error}`, `actual   error: ${error}`);
      }
    } else {
      problems.push('has neither `expect` nor `error`');
    }

    const twin = native.get(key(file, name));
    if (twin === undefined) {
      problems.push(`no native output for this case: run ${nativeCommand} first`);
    } else if (twin.input !== input) {
      problems.push(`the native run was given other input text (stale native outputs? rerun ${nativeCommand})`,
        `native ${twin.input}`, `wasm   ${input}`);
    } else if (error === undefined && twin.output !== output) {
      problems.push('WASM output differs from native output byte for byte',
        `native ${twin.output ?? `error: ${twin.error}`}`, `wasm   ${output}`);
    } else if (error !== undefined && twin.error !== error) {
      problems.push('WASM error differs from native',
        `native ${twin.error !== undefined ? `error: ${twin.error}` : twin.output}`, `wasm   error: ${error}`);
    }

    if (problems.length > 0) fail(file, name, problems);
    else passed += 1;
  }
}

// The binary sheet format's golden files (tessera_core::columnar): each `columnar/<name>.bin` is
// the exact encoding of the sheet `columnar/<name>.json`, which the native test checks. Here the
// WASM build must load the bytes to the same columns and cells as the JSON, and write both back
// to those very bytes.
const columnarDir = path.join(here, 'columnar');
const bins = existsSync(columnarDir) ? readdirSync(columnarDir).filter((f) => f.endsWith('.bin')).sort() : [];
if (bins.length === 0) fail('columnar', '(files)', [`no golden files in ${columnarDir}`]);
for (const bin of bins) {
  const name = bin.slice(0, -'.bin'.length);
  if (only && !'columnar'.includes(only) && !name.includes(only)) continue;
  const problems = [];
  const bytes = new Uint8Array(readFileSync(path.join(columnarDir, bin)));
  const sameBytes = (label, written) => {
    if (written.length !== bytes.length || written.some((byte, i) => byte !== bytes[i])) {
      const at = written.findIndex((byte, i) => byte !== bytes[i]);
      problems.push(`${label} is not ${bin} byte for byte (${written.length} bytes against ${bytes.length}, first difference at ${at < 0 ? Math.min(written.length, bytes.length) : at})`);
    }
  };
  const cells = (table) => ({ columns: table.columns(), rows: table.rowCells(Uint32Array.from({ length: table.rowCount }, (_, i) => i)) });
  let fromJson;
  let fromBin;
  try {
    fromJson = wasm.SheetTable.fromJson(readFileSync(path.join(columnarDir, `${name}.json`), 'utf8'));
    fromBin = wasm.SheetTable.fromColumnar(bytes);
    if (!deepEqual(cells(fromBin), cells(fromJson))) {
      problems.push(`fromColumnar holds ${show(cells(fromBin))}`, `fromJson holds    ${show(cells(fromJson))}`);
    }
    sameBytes('fromColumnar(bin).toColumnar()', fromBin.toColumnar());
    sameBytes('fromJson(json).toColumnar()', fromJson.toColumnar());
  } catch (e) {
    problems.push(`threw: ${e instanceof Error ? e.message : String(e)}`);
  } finally {
    fromJson?.free();
    fromBin?.free();
  }
  if (problems.length > 0) fail(`columnar/${bin}`, name, problems);
  else passed += 1;
}

// The random differential check: the inputs that `cargo test -p tessera-core --test
// random_vectors` generated from a new seed and answered natively, given as the same text to
// the WASM build, must get the same answer byte for byte.
const randomPath = path.join(nativeDir, 'native-random.jsonl');
const randomCommand = 'cargo test -p tessera-core --test random_vectors';
if (!existsSync(randomPath)) {
  fail('native-random.jsonl', '(file)', [`missing ${randomPath}: run ${randomCommand} first`]);
} else if (!only || 'random'.includes(only)) {
  const started = performance.now();
  let seed;
  let randomFailed = 0;
  let count = 0;
  for (const line of readFileSync(randomPath, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const twin = JSON.parse(line);
    seed = twin.seed;
    count += 1;
    let output;
    let error;
    try {
      output = facades.core.evaluate(twin.op, twin.input);
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    const same = error === undefined ? twin.output === output : twin.error === error;
    if (same) {
      passed += 1;
      continue;
    }
    randomFailed += 1;
    fail('random', `${twin.name} (${twin.op})`, [
      'WASM answer differs from native answer byte for byte',
      `input  ${twin.input}`,
      `native ${twin.output ?? `error: ${twin.error}`}`,
      `wasm   ${output ?? `error: ${error}`}`,
    ]);
  }
  const ms = Math.round(performance.now() - started);
  console.log(`random differential: seed ${seed}, ${count} cases, ${randomFailed} differ, ${ms} ms` +
    (randomFailed > 0 ? ` (TESSERA_RANDOM_SEED=${seed} ${randomCommand} repeats the inputs)` : ''));
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
