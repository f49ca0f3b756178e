import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { BlockInfo, Field, Rule } from '../../generated/blockCatalogue';
import { loadBlockCatalogue } from '../../shell/blockTypes';
import { loadRealCore } from '../../test/realCore';
import { rangeText, ruleText } from './blockReference';
import DocsPage from './DocsPage';

let catalogue: readonly BlockInfo[] = [];
beforeAll(async () => {
  await loadRealCore();
  catalogue = await loadBlockCatalogue();
});

function renderDocs(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/docs" element={<DocsPage />} />
        <Route path="/docs/blocks/:blockType" element={<DocsPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const keysOf = (fields: readonly Field[]): string[] => fields.flatMap((f) => [f.key, ...keysOf(f.fields ?? [])]);

describe('the block reference', { timeout: 30_000 }, () => {
  it('lists every block type of the catalogue, grouped, on the docs home', async () => {
    renderDocs('/docs');
    await screen.findByRole('heading', { level: 1, name: 'Block reference' });
    const main = screen.getByRole('main');
    expect(catalogue).toHaveLength(20);
    for (const info of catalogue) {
      expect(within(main).getByRole('link', { name: info.name })).toHaveAttribute('href', `/docs/blocks/${info.type}`);
      expect(within(main).getByText(info.description)).toBeInTheDocument();
    }
  });

  it('documents every setting of every block type, items included (a missing one fails here)', async () => {
    for (const info of catalogue) {
      const { unmount } = render(
        <MemoryRouter initialEntries={[`/docs/blocks/${info.type}`]}>
          <Routes>
            <Route path="/docs/blocks/:blockType" element={<DocsPage />} />
          </Routes>
        </MemoryRouter>,
      );
      const main = await screen.findByRole('main');
      await within(main).findByRole('heading', { level: 1, name: info.name });
      const shown = new Set(within(main).getAllByText((_, element) => element?.tagName === 'CODE').map((code) => code.textContent));
      const missing = keysOf(info.fields).filter((key) => !shown.has(key));
      expect(missing, `${info.type} settings missing from its page`).toEqual([]);
      unmount();
    }
  });

  it("says what a setting is, its default, its values and when the editor shows it", async () => {
    renderDocs('/docs/blocks/footer');
    const row = (await screen.findByText('socialItems', { selector: 'code' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('List of items')).toBeInTheDocument();
    expect(within(row).getByText('at most 3 items')).toBeInTheDocument();
    const links = screen.getByText('simpleLinks', { selector: 'code' }).closest('tr') as HTMLElement;
    expect(within(links).getByText('at most 10 items; at most 5 items when Layout is one of Navigation Hub Footer, Classic Footer Bar')).toBeInTheDocument();
    expect(screen.getByText('Each item of Social links has:')).toBeInTheDocument();
  });

  it('finds blocks by the names of their settings', async () => {
    renderDocs('/docs');
    const nav = await screen.findByRole('navigation', { name: 'Documentation' });
    await within(nav).findByRole('link', { name: 'Chart' });
    await userEvent.type(within(nav).getByRole('searchbox', { name: 'Search the block reference' }), 'copyright');
    expect(within(nav).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Footer']);
    await userEvent.type(within(nav).getByRole('searchbox'), 'zzz');
    expect(within(nav).getByText('No block or setting matches “copyrightzzz”.')).toBeInTheDocument();
  });

  it('says so for a block type that does not exist', async () => {
    renderDocs('/docs/blocks/hologram');
    expect(await screen.findByRole('heading', { level: 1, name: 'No block type “hologram”' })).toBeInTheDocument();
  });
});

describe('visibility rules in words', () => {
  const labelOf = (key: string) => ({ UserMenu: 'User menu', linkType: 'Links to', paginate: 'Paginate' })[key] ?? key;
  const cases: [Rule, string][] = [
    [{ rule: 'always' }, 'Always shown'],
    [{ rule: 'is_on', field: 'UserMenu' }, 'Shown when User menu is on'],
    [{ rule: 'equals', field: 'linkType', value: 'page' }, 'Shown when Links to is page'],
    [{ rule: 'none_of', field: 'linkType', values: ['a', 'b'] }, 'Shown when Links to is none of a, b'],
    [
      { rule: 'all', rules: [{ rule: 'is_on', field: 'paginate' }, { rule: 'is_set', field: 'x' }] },
      'Shown when Paginate is on and when x is set',
    ],
  ];
  it.each(cases)('%o reads %o', (rule, text) => {
    expect(ruleText(rule, labelOf)).toBe(text);
  });

  it('gives bounds and choices of a number and a select', () => {
    const field = { key: 'n', label: 'N', kind: 'integer', group: 'display', required: false, visible: { rule: 'always' }, min: 0, max: 5 } as const;
    expect(rangeText(field, labelOf)).toBe('0 to 5');
    expect(rangeText({ ...field, min: undefined, max: undefined, options: ['a', 'b'] }, labelOf)).toBe('one of: a, b');
  });
});
