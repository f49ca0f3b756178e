// The templates' blocks are saved as they are (not as drafts), so each must pass the block
// catalogue's validation: the same Rust code the server runs, here through the WASM build.
import { validateBlock } from '@tessera/core';
import { loadRealCore } from '../../test/realCore';
import { TEMPLATES } from './templates';

const sheets = [
  { title: 'Orders', columns: ['ChartApps Record ID', 'Customer', 'Region', 'Amount', 'Start date', 'End date', 'Photo'] },
  { title: 'People', columns: ['Name', 'E-mail'] },
];

beforeAll(async () => {
  await loadRealCore();
});

describe.each(sheets)('the templates on a sheet with columns $columns', (sheet) => {
  it.each(TEMPLATES.filter((t) => t.needsData).map((t) => [t.name, t] as const))('%s: every block passes the catalogue', (_, template) => {
    for (const block of template.blocks(sheet)) {
      expect(validateBlock(block), JSON.stringify(block)).toMatchObject({ valid: true, errors: [] });
    }
  });
});
