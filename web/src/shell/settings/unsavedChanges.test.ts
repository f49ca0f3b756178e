import type { BlockConfig } from '../../core/wasm';
import { hasUnsavedChanges } from './unsavedChanges';

const opened = { id: 'k1', type: 'table', title: 'Sales', axis: [{ column: 'Month', width: 90 }] } as unknown as BlockConfig;
const as = (config: Record<string, unknown>) => config as unknown as BlockConfig;

describe('unsaved changes of a block being edited', () => {
  it('sees a changed, added or removed setting, also inside a list item', () => {
    expect(hasUnsavedChanges(opened, as({ ...opened, title: 'Revenue' }))).toBe(true);
    expect(hasUnsavedChanges(opened, as({ ...opened, csv_download: true }))).toBe(true);
    expect(hasUnsavedChanges(opened, as({ id: 'k1', type: 'table', axis: [{ column: 'Month', width: 90 }] }))).toBe(true);
    expect(hasUnsavedChanges(opened, as({ ...opened, axis: [{ column: 'Month', width: 120 }] }))).toBe(true);
  });

  it('takes the same settings in another key order, or under the id the server gave, as unchanged', () => {
    expect(hasUnsavedChanges(opened, as({ axis: [{ width: 90, column: 'Month' }], title: 'Sales', type: 'table', id: 'k1' }))).toBe(false);
    expect(hasUnsavedChanges(opened, as({ ...opened, id: 'server-7' }))).toBe(false);
  });
});
