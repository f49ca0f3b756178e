import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { BoardBlock } from '../../generated/api';
import { CellEditor, type EditorValue } from './CellEditor';
import { shownColumns, type AxisEntry } from './tableModel';
import { answer, fakeSource } from './testSource';
import { viewBlockOf } from '../../test/viewBlocks';

const block: BoardBlock = { id: 'b1', type: 'table', sheet_title: 'People' };

function renderEditor(axis: Omit<AxisEntry, 'column'>, initial: EditorValue = '', source = fakeSource()) {
  const column = shownColumns(viewBlockOf('table', { ...block, axis: [{ column: 'Field', ...axis }] }), ['Field'])[0];
  const changes: EditorValue[] = [];
  function Harness() {
    const [value, setValue] = useState<EditorValue>(initial);
    const [error, setError] = useState<string | undefined>();
    return (
      <CellEditor
        column={column}
        value={value}
        error={error}
        onError={setError}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
        block={block}
        source={source}
      />
    );
  }
  const user = userEvent.setup();
  render(<Harness />);
  return { user, changes, source };
}

describe('CellEditor inputs', () => {
  const inputs: [string, string][] = [
    ['text', 'text'],
    // Typed as text: the server also takes a decimal comma (3,5).
    ['number', 'text'],
    ['month', 'month'],
    ['tel', 'tel'],
    ['time', 'time'],
    ['url', 'url'],
    ['week', 'week'],
    ['email', 'email'],
    ['date', 'date'],
    ['datetime-local', 'datetime-local'],
    ['image', 'url'],
  ];
  it.each(inputs)('edits a %s column with an input of type %s', (type, inputType) => {
    renderEditor({ type: type as AxisEntry['type'] });
    expect(screen.getByLabelText('Field')).toHaveAttribute('type', inputType);
  });

  it.each(['textarea', 'markdowntext'])('edits a %s column in a text area', (type) => {
    renderEditor({ type: type as AxisEntry['type'] });
    expect(screen.getByLabelText('Field').tagName).toBe('TEXTAREA');
  });

  it('treats an unknown type as text', () => {
    renderEditor({ type: 'colour' as AxisEntry['type'] });
    expect(screen.getByLabelText('Field')).toHaveAttribute('type', 'text');
  });

  it('passes typed values on as text', async () => {
    const { user, changes } = renderEditor({ type: 'number' });
    await user.type(screen.getByLabelText('Field'), '42');
    expect(changes.at(-1)).toBe('42');
  });
});

describe('CellEditor choices', () => {
  it('offers true and false by default', () => {
    renderEditor({ type: 'select' });
    expect(
      within(screen.getByLabelText('Field'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['—', 'true', 'false']);
  });

  it('offers the fixed options and keeps a value they no longer have', async () => {
    const { user, changes } = renderEditor({ type: 'select', options: 'Red, Green ,Blue' }, 'Purple');
    const select = screen.getByLabelText('Field');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['—', 'Red', 'Green', 'Blue', 'Purple']);
    expect(select).toHaveValue('Purple');
    await user.selectOptions(select, 'Green');
    expect(changes.at(-1)).toBe('Green');
  });

  it('chooses several options of a multi-select as a list', async () => {
    const { user, changes } = renderEditor({ type: 'multi-select', options: 'Red, Green, Blue' }, ['Blue']);
    const group = screen.getByRole('group', { name: 'Field' });
    expect(within(group).getByRole('checkbox', { name: 'Blue' })).toBeChecked();
    await user.click(within(group).getByRole('checkbox', { name: 'Red' }));
    expect(changes.at(-1)).toEqual(['Red', 'Blue']);
    await user.click(within(group).getByRole('checkbox', { name: 'Blue' }));
    expect(changes.at(-1)).toEqual(['Red']);
  });

  it('loads the options from another tab: the distinct values of its column', async () => {
    const source = fakeSource(answer({ columns: ['Colour'], rows: [{ Colour: 'Teal' }, { Colour: 'Navy' }, { Colour: 'Teal' }, { Colour: ' ' }] }));
    renderEditor({ type: 'select', from_google_sheet: true, source: { sheet: 'Colours', column: 'Colour' } }, '', source);
    await waitFor(() =>
      expect(
        within(screen.getByLabelText('Field'))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['—', 'Teal', 'Navy']),
    );
    // Read through this block, on the options tab: the server answers the columns it names there.
    expect(source.rows).toHaveBeenCalledWith(expect.objectContaining({ id: block.id, sheet_title: 'Colours' }), { rowsPerPage: 0, choices: true });
  });

  it('lets the value be typed when the options tab cannot be read', async () => {
    const source = fakeSource(undefined, {
      rows: vi.fn(async () => {
        throw new Error('The sheet `Colours` is not in this spreadsheet.');
      }),
    });
    renderEditor({ type: 'select', from_google_sheet: true, source: { sheet: 'Colours', column: 'Colour' } }, '', source);
    await waitFor(() => expect(screen.getByLabelText('Field')).toHaveAttribute('type', 'text'));
    expect(screen.getByText(/The options could not be loaded/)).toBeInTheDocument();
  });
});

describe('CellEditor images', () => {
  it('takes an image address with External URL and previews it', async () => {
    const { user, changes, source } = renderEditor({ type: 'image', image_source: 'External URL' });
    await user.type(screen.getByLabelText('Field'), 'https://x.example/a.png');
    expect(changes.at(-1)).toBe('https://x.example/a.png');
    expect(document.querySelector('img')).toHaveAttribute('src', 'https://x.example/a.png');
    expect(source.upload).not.toHaveBeenCalled();
  });

  it('uploads a picked image with Upload Image', async () => {
    const { user, changes, source } = renderEditor({ type: 'image', image_source: 'Upload Image' });
    const input = screen.getByLabelText('Field');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(screen.getByText('Images must be under 5 MB')).toBeInTheDocument();
    const file = new File(['png'], 'a.png', { type: 'image/png' });
    await user.upload(input, file);
    await waitFor(() => expect(changes.at(-1)).toBe('/api/uploads/abc-123'));
    expect(source.upload).toHaveBeenCalledWith(block, file);
    expect(document.querySelector('img')).toHaveAttribute('src', '/api/uploads/abc-123');
  });

  it('refuses an image over 5 MB before uploading it', async () => {
    const { user, changes, source } = renderEditor({ type: 'image', image_source: 'Upload Image' });
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    const input = screen.getByLabelText('Field');
    await user.upload(input, big);
    expect(await screen.findByText(/Images must be under 5 MB; this one is 5\.0 MB/)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(source.upload).not.toHaveBeenCalled();
    expect(changes).toEqual([]);
  });

  it('refuses files that are not images', async () => {
    const { changes, source } = renderEditor({ type: 'image', image_source: 'Upload Image' });
    // user.upload filters by `accept`; a drop or an old browser may not, so change is fired directly.
    const input = screen.getByLabelText('Field') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'a.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText(/Choose an image file/)).toBeInTheDocument();
    expect(source.upload).not.toHaveBeenCalled();
    expect(changes).toEqual([]);
  });
});

describe('CellEditor read-only', () => {
  it('shows a column the caller may not edit as a disabled field', () => {
    const column = shownColumns(viewBlockOf('table', { ...block, axis: [{ column: 'Tags', type: 'multi-select' }] }), ['Tags'])[0];
    render(<CellEditor column={column} value={['a', 'b']} disabled onChange={vi.fn()} block={block} source={fakeSource()} />);
    const input = screen.getByLabelText('Tags');
    expect(input).toBeDisabled();
    expect(input).toHaveValue('a, b');
  });
});
