// A server tab reaches the editor as the bytes of tessera_core::columnar: the browser's real WASM
// core loads the golden files (tests/vectors/columnar/<name>.bin, the exact encoding of
// <name>.json) to the same sheet as the JSON, writes them back byte for byte, and refuses bytes
// a cut download leaves with an error rather than a broken table.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadRealCore } from '../test/realCore';
import type { Core, Table } from './wasm';

const dir = join(process.cwd(), '..', 'tests', 'vectors', 'columnar');
const names = readdirSync(dir)
  .filter((file) => file.endsWith('.bin'))
  .map((file) => file.slice(0, -'.bin'.length));

let core: Core;
beforeAll(async () => {
  core = await loadRealCore();
});

/** Everything the sheet holds that the preview reads: its columns and every row's cells. */
const contents = (table: Table) => ({ columns: table.columns(), rows: table.rowCells(Array.from({ length: table.rowCount }, (_, row) => row)) });

function opened<A>(open: () => Table, read: (table: Table) => A): A {
  const table = open();
  try {
    return read(table);
  } finally {
    table.free();
  }
}

it('has golden files to load', () => {
  expect(names).toEqual(expect.arrayContaining(['plain', 'dictionary', 'empty']));
});

describe.each(names)('the golden file %s', (name) => {
  const bytes = () => new Uint8Array(readFileSync(join(dir, `${name}.bin`)));
  const json = () => readFileSync(join(dir, `${name}.json`), 'utf8');

  it('loads to the sheet its JSON holds and writes back the same bytes', () => {
    const fromBytes = opened(
      () => core.openColumns(bytes()),
      (table) => ({ ...contents(table), written: table.toColumnar() }),
    );
    const fromJson = opened(
      () => core.openSheet(json()),
      (table) => ({ ...contents(table), written: table.toColumnar() }),
    );
    expect(fromBytes.columns).toEqual(fromJson.columns);
    expect(fromBytes.rows).toEqual(fromJson.rows);
    expect(fromBytes.written).toEqual(bytes());
    expect(fromJson.written).toEqual(bytes());
  });

  it('is refused with the core’s error when cut short', () => {
    const whole = bytes();
    for (const length of [0, 7, whole.length - 1]) {
      expect(() => core.openColumns(whole.slice(0, length)), `${length} of ${whole.length} bytes`).toThrow(Error);
    }
  });
});

it('answers the cells of the rows asked for, and names a row past the last', () => {
  opened(
    () =>
      core.openSheet(
        JSON.stringify({
          columns: ['Name', 'City'],
          rows: [
            ['Ada', 'Oslo'],
            ['Bo', ''],
          ],
        }),
      ),
    (table) => {
      expect(table.rowCells([1, 0])).toEqual([
        ['Bo', ''],
        ['Ada', 'Oslo'],
      ]);
      expect(() => table.rowCells([2])).toThrow('row 2 is not in the sheet, which has 2 rows');
    },
  );
});
