// 'Choose Your Block' as a command palette: groups, icons, descriptions, search and keys, over a
// few catalogue entries (blockTypeIcons.test.ts checks the icons against the real catalogue).
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BlockTypePicker } from './BlockTypePicker';
import type { BlockTypeInfo } from '../platform/blockTypes';

// What the picker's catalogue load answers in each test (a plain function: vitest counts a
// rejection a spy returns as the test's failure, even when the caller handles it).
let loaded: () => Promise<BlockTypeInfo[]>;
vi.mock('../platform/blockTypes', () => ({ loadBlockTypes: () => loaded() }));

// In the catalogue's order, where the groups interleave.
const catalogue: BlockTypeInfo[] = [
  { type: 'chart', name: 'Chart', description: "Bar, line, pie and other charts of a sheet's columns.", icon: 'chart', group: 'data' },
  { type: 'imageGallery', name: 'Image Gallery', description: 'A gallery of the images in a sheet column.', icon: 'images', group: 'media' },
  { type: 'table', name: 'Table', description: 'Rows in a table you can sort and search.', icon: 'table', group: 'data' },
  { type: 'form', name: 'Form', description: 'A form whose answers are added as rows.', icon: 'form', group: 'input' },
  { type: 'markdown', name: 'Markdown', description: 'Formatted text, with column values in brackets.', icon: 'markdown', group: 'content' },
];

beforeEach(() => {
  loaded = async () => catalogue;
});

function open(onPick: (type: string) => Promise<void> = async () => {}) {
  const onClose = vi.fn();
  const user = userEvent.setup();
  render(<BlockTypePicker onPick={onPick} onClose={onClose} />);
  return { user, onClose, dialog: screen.getByRole('dialog', { name: 'Choose Your Block' }) };
}

const typeButtons = (root: HTMLElement) =>
  within(root)
    .getAllByRole('button')
    .filter((b) => b.classList.contains('block-type'));

describe('Choose Your Block', () => {
  it('groups the types under headings, in the catalogue order within each group', async () => {
    const { dialog } = open();
    await within(dialog).findByRole('button', { name: /^Chart/ });
    const groups = within(dialog).getAllByRole('region');
    expect(groups.map((g) => within(g).getByRole('heading').textContent)).toEqual(['Data', 'Input', 'Media', 'Layout and content']);
    expect(typeButtons(groups[0]).map((b) => b.querySelector('.block-type-name')?.textContent)).toEqual(['Chart', 'Table']);
  });

  it('shows each type with its icon and the catalogue description', async () => {
    const { dialog } = open();
    const chart = await within(dialog).findByRole('button', { name: 'Chart' });
    expect(chart).toHaveAccessibleDescription("Bar, line, pie and other charts of a sheet's columns.");
    // The icon and the description sit on the type's card, beside the button that names it.
    expect(typeButtons(dialog).every((b) => b.closest('li')?.querySelector('svg.fa-icon'))).toBe(true);
  });

  it('says on each button exactly the name it is called by (WCAG 2.5.3, label in name)', async () => {
    const { dialog } = open();
    await within(dialog).findByRole('button', { name: 'Chart' });
    for (const button of typeButtons(dialog)) expect(button).toHaveAccessibleName(button.textContent ?? '');
  });

  it('opens with the focus in the search box, which filters by name and description', async () => {
    const { user, dialog } = open();
    const search = within(dialog).getByRole('searchbox', { name: 'Search blocks' });
    expect(search).toHaveFocus();
    await within(dialog).findByRole('button', { name: /^Chart/ });
    await user.keyboard('sort');
    expect(typeButtons(dialog).map((b) => b.closest('li')?.textContent)).toEqual(['TableRows in a table you can sort and search.']);
    await user.clear(search);
    await user.type(search, 'BAR chart');
    expect(typeButtons(dialog)).toHaveLength(1);
    expect(typeButtons(dialog)[0]).toHaveAccessibleName(/^Chart/);
    // Only the group that still has a match keeps its heading.
    expect(
      within(dialog)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Data']);
    await user.clear(search);
    await user.type(search, 'spreadsheet');
    expect(typeButtons(dialog)).toHaveLength(0);
    expect(within(dialog).getByText('No block matches “spreadsheet”.')).toBeInTheDocument();
  });

  it('adds the first match on Enter in the search box', async () => {
    const onPick = vi.fn(async () => {});
    const { user, dialog } = open(onPick);
    await within(dialog).findByRole('button', { name: /^Chart/ });
    await user.keyboard('rows{Enter}');
    // 'rows' matches Table (Data) before Form (Input): the first one shown is added.
    expect(onPick).toHaveBeenCalledExactlyOnceWith('table');
  });

  it('moves between the types with the arrow keys and adds the focused one on Enter', async () => {
    const onPick = vi.fn(async () => {});
    const { user, dialog } = open(onPick);
    await within(dialog).findByRole('button', { name: /^Chart/ });
    await user.keyboard('{ArrowDown}');
    expect(within(dialog).getByRole('button', { name: /^Chart/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowRight}');
    expect(within(dialog).getByRole('button', { name: /^Form/ })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(within(dialog).getByRole('button', { name: /^Table/ })).toHaveFocus();
    await user.keyboard('{End}');
    expect(within(dialog).getByRole('button', { name: /^Markdown/ })).toHaveFocus();
    await user.keyboard('{Home}{ArrowUp}');
    expect(within(dialog).getByRole('searchbox', { name: 'Search blocks' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onPick).toHaveBeenCalledExactlyOnceWith('table');
  });

  it('closes on Escape', async () => {
    const { user, onClose, dialog } = open();
    await within(dialog).findByRole('button', { name: /^Chart/ });
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('says which type is being added and takes no other pick meanwhile', async () => {
    let finish = () => {};
    const onPick = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user, onClose, dialog } = open(onPick);
    await user.click(await within(dialog).findByRole('button', { name: /^Table/ }));
    expect(within(dialog).getByRole('button', { name: /^Adding Table\.\.\./ })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: /^Chart/ })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    finish();
    expect(await within(dialog).findByRole('button', { name: /^Table/ })).toBeEnabled();
    expect(onPick).toHaveBeenCalledOnce();
  });

  it('says in words when the types cannot be loaded', async () => {
    loaded = async () => {
      throw new Error('offline');
    };
    const { dialog } = open();
    expect(await within(dialog).findByText('The block types could not be loaded: offline')).toBeInTheDocument();
  });

  it("finds the board's filters, which are no block, and leads to them", async () => {
    const onFilters = vi.fn();
    const user = userEvent.setup();
    render(<BlockTypePicker onPick={async () => {}} onClose={vi.fn()} onFilters={onFilters} />);
    const dialog = screen.getByRole('dialog', { name: 'Choose Your Block' });
    await within(dialog).findByRole('button', { name: 'Chart' });
    // Not offered until the search asks for it.
    expect(within(dialog).queryByRole('button', { name: 'Filters' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search blocks' }), 'Filter');
    expect(within(dialog).getByText('No block matches “Filter”.')).toBeInTheDocument();
    const filters = within(dialog).getByRole('button', { name: 'Filters' });
    expect(filters).toHaveAccessibleDescription(/Not a block: filter chips above every block/);
    // Enter in the search box takes the only match.
    await user.keyboard('{Enter}');
    expect(onFilters).toHaveBeenCalledTimes(1);
    await user.click(filters);
    expect(onFilters).toHaveBeenCalledTimes(2);
  });

  it('offers no way to the filters where the editor has none to open', async () => {
    const { user, dialog } = open();
    await within(dialog).findByRole('button', { name: 'Chart' });
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search blocks' }), 'filters');
    expect(within(dialog).queryByRole('button', { name: 'Filters' })).not.toBeInTheDocument();
  });
});
