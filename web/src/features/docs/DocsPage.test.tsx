import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { BlockInfo, Field, Rule } from '../../generated/blockCatalogue';
import { loadBlockCatalogue } from '../../platform/blockTypes';
import { styled } from '../../test/appStyles';
import { mockFetch, type FetchCall } from '../../test/fetchMock';
import { loadRealCore } from '../../test/realCore';
import { rangeText, ruleText } from './blockReference';
import DocsPage from './DocsPage';
import type { Guide } from './guides';
import type { OpenApiDocument } from './openapi';

let catalogue: readonly BlockInfo[] = [];
beforeAll(async () => {
  await loadRealCore();
  catalogue = await loadBlockCatalogue();
});

const GUIDES: Guide[] = [
  {
    slug: 'getting-started',
    title: 'Getting started',
    summary: 'From a spreadsheet to a board in four steps.',
    text: 'From a spreadsheet to a board in four steps. Create your account Open Sign up.',
    html: '<p>From a spreadsheet to a board in four steps.</p>\n<h2 id="create-your-account">Create your account</h2>\n<p>Open Sign up.</p>',
  },
  {
    slug: 'filters',
    title: 'Filters and search',
    summary: 'Filters decide which rows a board shows.',
    text: 'Filters decide which rows a board shows. URL filters A link can switch filters on. Detail pages are explained with apps.',
    html:
      '<p>Filters decide which rows a board shows.</p>\n<h2 id="url-filters">URL filters</h2>\n<p>A link can switch filters on. ' +
      '<a href="/docs/guides/apps#detail-pages" rel="noopener noreferrer">Detail pages</a> are explained with apps.</p>',
  },
  {
    slug: 'apps',
    title: 'Multi-page apps',
    summary: 'An app is several pages under one address.',
    text: 'An app is several pages under one address. Detail pages A detail page shows one record. Several replicas never matter here.',
    html: '<p>An app is several pages under one address.</p>\n<h2 id="detail-pages">Detail pages</h2>\n<p>A detail page shows one record. Several replicas never matter here.</p>',
  },
];

const common = ['board', 'referer', '_id', '_email', '_filters'].map((name) => ({ name, in: 'query', required: false, schema: { type: ['string', 'null'] } }));

const OPENAPI: OpenApiDocument = {
  info: { title: 'Tessera API', description: 'The calls of the web app.', version: '0.1.0' },
  paths: {
    '/api/boards/{boardId}': {
      get: {
        tags: ['boards'],
        summary: 'A board as its viewer may see it.',
        parameters: [{ name: 'boardId', in: 'path', required: true, description: "The board's id", schema: { type: 'string' } }, ...common],
        responses: {
          '200': { description: 'The board', content: { 'application/json': { schema: { $ref: '#/components/schemas/BoardState' } } } },
          '403': { description: 'Private board', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } },
        },
      },
      put: {
        tags: ['boards'],
        summary: "Changes a board's settings.",
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/BoardChange' } } } },
        responses: { '200': { description: '' } },
      },
    },
    '/api/docs/guides': {
      get: {
        tags: ['docs'],
        summary: 'Every user guide, in reading order.',
        responses: {
          '200': { description: '', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Guide' } } } } },
        },
      },
    },
  },
};

let fetched: FetchCall[] = [];
beforeEach(() => {
  fetched = mockFetch({ 'GET /api/docs/guides': { body: GUIDES }, 'GET /api/openapi.json': { body: OPENAPI } }).calls;
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

function renderDocs(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/docs" element={<DocsPage />} />
        <Route path="/docs/guides/:slug" element={<DocsPage />} />
        <Route path="/docs/api" element={<DocsPage />} />
        <Route path="/docs/blocks/:blockType" element={<DocsPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const keysOf = (fields: readonly Field[]): string[] => fields.flatMap((f) => [f.key, ...keysOf(f.fields ?? [])]);

describe('the guides', { timeout: 30_000 }, () => {
  // jsdom lays nothing out, so it has no scrollIntoView of its own.
  const scrolled = vi.fn();
  beforeEach(() => {
    Element.prototype.scrollIntoView = scrolled;
  });
  afterEach(() => {
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it('are listed first in the navigation, in reading order, then the API reference, then the blocks', async () => {
    renderDocs('/docs');
    const nav = screen.getByRole('navigation', { name: 'Documentation' });
    const guides = await within(nav).findByRole('list', { name: 'Guides' });
    expect(
      within(guides)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/docs/guides/getting-started', '/docs/guides/filters', '/docs/guides/apps']);
    await within(nav).findByRole('link', { name: 'Chart' });
    expect(
      within(nav)
        .getAllByRole('list')
        .map((list) => list.getAttribute('aria-label')),
    ).toEqual(['Guides', 'Reference', 'Blocks']);
    expect(within(nav).getByRole('link', { name: 'HTTP API' })).toHaveAttribute('href', '/docs/api');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Filters and search' })).toHaveAttribute('href', '/docs/guides/filters');
    expect(within(main).getByText('Filters decide which rows a board shows.')).toBeInTheDocument();
  });

  it('shows a guide from the server, and its links to other guides open them inside the app at their heading', async () => {
    renderDocs('/docs/guides/filters');
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: 'Filters and search' })).toBeInTheDocument();
    expect(within(main).getByRole('heading', { level: 2, name: 'URL filters' })).toHaveAttribute('id', 'url-filters');
    expect(within(screen.getByRole('navigation', { name: 'Documentation' })).getByRole('link', { name: 'Filters and search' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const asked = fetched.length;

    await userEvent.click(within(main).getByRole('link', { name: 'Detail pages' }));

    expect(await within(main).findByRole('heading', { level: 1, name: 'Multi-page apps' })).toBeInTheDocument();
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled.mock.contexts[0]).toBe(within(main).getByRole('heading', { level: 2, name: 'Detail pages' }));
    expect(fetched.length, 'the guides are not asked for again').toBe(asked);
  });

  it('says so for a guide that does not exist', async () => {
    renderDocs('/docs/guides/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'No guide “nope”' })).toBeInTheDocument();
  });
});

describe('the tab title and the links', { timeout: 30_000 }, () => {
  it('names the docs, then each guide, block and the API in the tab', async () => {
    renderDocs('/docs');
    await within(screen.getByRole('main')).findByRole('link', { name: 'Filters and search' });
    await within(screen.getByRole('navigation', { name: 'Documentation' })).findByRole('link', { name: 'Chart' });
    expect(document.title).toBe('Docs · Tessera');
    cleanup();
    renderDocs('/docs/guides/filters');
    expect(await screen.findByRole('heading', { level: 1, name: 'Filters and search' })).toBeInTheDocument();
    expect(document.title).toBe('Filters and search · Docs · Tessera');
    cleanup();
    renderDocs('/docs/blocks/chart');
    expect(await screen.findByRole('heading', { level: 1, name: 'Chart' })).toBeInTheDocument();
    expect(document.title).toBe('Chart block · Docs · Tessera');
    cleanup();
    renderDocs('/docs/api');
    expect(await screen.findByRole('heading', { level: 2, name: 'boards' })).toBeInTheDocument();
    expect(document.title).toBe('HTTP API · Docs · Tessera');
  });

  it("colours text links with the theme, not the browser's blue, and the contents in ink", async () => {
    renderDocs('/docs');
    const main = screen.getByRole('main');
    const guide = await within(main).findByRole('link', { name: 'Filters and search' });
    await within(screen.getByRole('navigation', { name: 'Documentation' })).findByRole('link', { name: 'Chart' });
    expect(styled(guide, 'color', ['features/docs/docs.css'])).toBe('rgb(191, 26, 72)');
    expect(styled(guide, 'text-decoration', ['features/docs/docs.css'])).toBe('none');
    const nav = screen.getByRole('navigation', { name: 'Documentation' });
    const contents = within(nav).getByRole('link', { name: 'HTTP API' });
    expect(styled(contents, 'color', ['features/docs/docs.css'])).toBe('rgb(67, 70, 77)');
    expect(styled(within(nav).getByRole('link', { name: 'Tessera docs' }), 'color', ['features/docs/docs.css'])).toBe('rgb(67, 70, 77)');
  });

  it('underlines a link inside a sentence, whose colour alone is too close to the text, and not the contents', async () => {
    renderDocs('/docs');
    const inSentence = await within(screen.getByRole('main')).findByRole('link', { name: 'HTTP API reference' });
    expect(styled(inSentence, 'text-decoration', ['features/docs/docs.css'])).toBe('underline');
    const nav = screen.getByRole('navigation', { name: 'Documentation' });
    expect(styled(within(nav).getByRole('link', { name: 'HTTP API' }), 'text-decoration', ['features/docs/docs.css'])).toBe('none');
  });
});

describe('the search', { timeout: 30_000 }, () => {
  it('finds a guide by a word of its text and shows where, and blocks by the names of their settings', async () => {
    renderDocs('/docs');
    const nav = screen.getByRole('navigation', { name: 'Documentation' });
    await within(nav).findByRole('link', { name: 'Chart' });
    await within(nav).findByRole('link', { name: 'Getting started' });
    const search = within(nav).getByRole('searchbox', { name: 'Search the documentation' });

    await userEvent.type(search, 'replicas');
    const found = within(nav).getByRole('list', { name: 'Guides found' });
    expect(
      within(found)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Multi-page apps']);
    expect(within(found).getByText('replicas', { selector: 'mark' }).parentElement).toHaveTextContent(
      '…detail page shows one record. Several replicas never matter here.',
    );
    expect(within(nav).queryByRole('list', { name: 'Blocks found' })).not.toBeInTheDocument();

    await userEvent.clear(search);
    await userEvent.type(search, 'copyright');
    const blocks = within(nav).getByRole('list', { name: 'Blocks found' });
    expect(
      within(blocks)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Footer']);
    expect(within(blocks).getByText('Setting: Copyright')).toBeInTheDocument();

    await userEvent.type(search, 'zzz');
    expect(within(nav).getByText('No guide, block or setting matches “copyrightzzz”.')).toBeInTheDocument();
  });

  it('ranks guides whose title matches before those whose text does', async () => {
    renderDocs('/docs');
    const nav = screen.getByRole('navigation', { name: 'Documentation' });
    await within(nav).findByRole('link', { name: 'Getting started' });
    await userEvent.type(within(nav).getByRole('searchbox'), 'apps');
    const found = within(nav).getByRole('list', { name: 'Guides found' });
    expect(
      within(found)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Multi-page apps', 'Filters and search']);
  });
});

describe('the HTTP API reference', { timeout: 30_000 }, () => {
  it("draws every operation of the server's OpenAPI document, grouped by tag", async () => {
    renderDocs('/docs/api');
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: 'HTTP API' })).toBeInTheDocument();
    expect(
      within(main)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['boards', 'docs']);

    const get = within(main).getByRole('region', { name: 'GET /api/boards/{boardId}' });
    expect(within(get).getByText('A board as its viewer may see it.')).toBeInTheDocument();
    const parameter = within(get).getByText('boardId', { selector: 'code' }).closest('tr') as HTMLTableRowElement;
    expect([...parameter.cells].map((cell) => cell.textContent)).toEqual(['boardId (required)', 'path', 'string', "The board's id"]);
    expect(within(get).queryByText('_email')).not.toBeInTheDocument();
    expect(within(get).getByText('(and the common parameters)')).toBeInTheDocument();
    const forbidden = within(get).getByRole('rowheader', { name: '403' }).closest('tr') as HTMLTableRowElement;
    expect([...forbidden.cells].map((cell) => cell.textContent)).toEqual(['403', 'Private board', 'ErrorBody']);

    const put = within(main).getByRole('region', { name: 'PUT /api/boards/{boardId}' });
    expect(within(put).getByText('BoardChange')).toBeInTheDocument();
    const guides = within(main).getByRole('region', { name: 'GET /api/docs/guides' });
    expect(within(guides).getByText('Guide[]')).toBeInTheDocument();
  });

  it('says why when the document cannot be loaded', async () => {
    mockFetch({ 'GET /api/docs/guides': { body: GUIDES }, 'GET /api/openapi.json': { status: 503 } });
    renderDocs('/docs/api');
    expect(await screen.findByText('The API description could not be loaded: /api/openapi.json answered HTTP 503')).toBeInTheDocument();
  });
});

describe('the block reference', { timeout: 30_000 }, () => {
  it('lists every block type of the catalogue, grouped, on the docs home', async () => {
    renderDocs('/docs');
    await screen.findByRole('heading', { level: 2, name: 'Block reference' });
    const main = screen.getByRole('main');
    expect(catalogue).toHaveLength(20);
    for (const info of catalogue) {
      expect(await within(main).findByRole('link', { name: info.name })).toHaveAttribute('href', `/docs/blocks/${info.type}`);
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
      const shown = new Set(
        within(main)
          .getAllByText((_, element) => element?.tagName === 'CODE')
          .map((code) => code.textContent),
      );
      const missing = keysOf(info.fields).filter((key) => !shown.has(key));
      expect(missing, `${info.type} settings missing from its page`).toEqual([]);
      unmount();
    }
  });

  it('says what a setting is, its default, its values and when the editor shows it', async () => {
    renderDocs('/docs/blocks/footer');
    const row = (await screen.findByText('socialItems', { selector: 'code' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('List of items')).toBeInTheDocument();
    expect(within(row).getByText('at most 3 items')).toBeInTheDocument();
    const links = screen.getByText('simpleLinks', { selector: 'code' }).closest('tr') as HTMLElement;
    expect(within(links).getByText('at most 10 items; at most 5 items when Layout is one of Navigation Hub Footer, Classic Footer Bar')).toBeInTheDocument();
    expect(screen.getByText('Each item of Social links has:')).toBeInTheDocument();
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
      {
        rule: 'all',
        rules: [
          { rule: 'is_on', field: 'paginate' },
          { rule: 'is_set', field: 'x' },
        ],
      },
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
