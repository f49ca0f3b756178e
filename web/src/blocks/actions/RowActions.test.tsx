import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../api/errors';
import { viewBlockOf } from '../../test/viewBlocks';
import { useToastStore } from '../../store/toastStore';
import type { BlockPermissions } from '../data/types';
import { downloadTextPdf } from '../pdf/pdf';
import { ALL_PERMISSIONS, fakeSource, NO_PERMISSIONS, RECORDS, toastTexts } from '../table/testSource';
import { RowActions } from './RowActions';
import { LIST_ACTION_TYPES } from './rowActions';

vi.mock('../pdf/pdf', () => ({ downloadTablePdf: vi.fn(async () => undefined), downloadTextPdf: vi.fn(async () => undefined) }));

const record = { ...RECORDS[0], Site: 'https://ada.example.com/home' };

function renderActions(
  actions: Record<string, unknown>[],
  options: { permissions?: BlockPermissions; source?: ReturnType<typeof fakeSource>; types?: typeof LIST_ACTION_TYPES; record?: Record<string, string> } = {},
) {
  const block = viewBlockOf('table', { id: 'b1', title: 'People', actions });
  const source = options.source ?? fakeSource();
  const onEdit = vi.fn();
  const onChanged = vi.fn();
  const user = userEvent.setup();
  render(
    <RowActions
      block={block}
      source={source}
      record={options.record ?? record}
      permissions={options.permissions ?? ALL_PERMISSIONS}
      types={options.types}
      columns={['Name', 'City']}
      onEdit={onEdit}
      onChanged={onChanged}
    />,
  );
  return { user, source, onEdit, onChanged, block };
}

describe('RowActions visibility', () => {
  const every = ['Duplicate row', 'Edit row', 'Delete row', 'Open link', 'API call', 'Compose Email', 'Copy to clipboard', 'Download pdf'].map((type) => ({
    type,
    source_column: 'Email',
  }));

  it('shows nothing when the caller is not in action_button_visibility', () => {
    const { container } = render(
      <RowActions
        block={viewBlockOf('table', { id: 'b1', actions: every })}
        source={fakeSource()}
        record={record}
        permissions={NO_PERMISSIONS}
        onEdit={vi.fn()}
        onChanged={vi.fn()}
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('shows every action with its type as the default title', () => {
    renderActions(every);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Duplicate row',
      'Edit row',
      'Delete row',
      'Open link',
      'API call',
      'Copy to clipboard',
      'Download pdf',
    ]);
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['Compose Email']);
    // Open link's source column holds an e-mail address, not a web address: it shows disabled.
    expect(screen.getByRole('button', { name: 'Open link' })).toBeDisabled();
  });

  it('hides Edit, Delete and Duplicate the server does not allow', () => {
    renderActions(every, { permissions: { append: false, edit_columns: [], delete: false, duplicate: false, actions: true } });
    for (const hidden of ['Edit row', 'Delete row', 'Duplicate row']) expect(screen.queryByRole('button', { name: hidden })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'API call' })).toBeInTheDocument();
  });

  it('offers a list only Edit row and Delete row', () => {
    renderActions(every, { types: LIST_ACTION_TYPES });
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Edit row', 'Delete row']);
  });

  it("draws each button in its colours, the board's accent otherwise", () => {
    renderActions([
      { title: 'Copy', type: 'Copy to clipboard', button_color: '#ff0000', text_color: '#00ff00' },
      { title: 'Plain', type: 'Copy to clipboard' },
    ]);
    expect(screen.getByRole('button', { name: 'Copy' })).toHaveStyle({ backgroundColor: '#ff0000', color: '#00ff00' });
    expect(screen.getByRole('button', { name: 'Plain' })).toHaveStyle({ backgroundColor: 'var(--accent)', color: 'var(--accent-text)' });
  });
});

describe('RowActions', () => {
  it('Duplicate row copies the row, says so and reloads', async () => {
    const { user, source, onChanged } = renderActions([{ title: 'Copy row', type: 'Duplicate row', success_message: 'Copied!' }]);
    await user.click(screen.getByRole('button', { name: 'Copy row' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(source.duplicateRow).toHaveBeenCalledWith(expect.objectContaining({ id: 'b1' }), 'r1');
    expect(toastTexts()).toEqual(['Copied!']);
  });

  it('Edit row opens the row in the edit form', async () => {
    const action = { title: 'Change', type: 'Edit row' };
    const { user, onEdit } = renderActions([action]);
    await user.click(screen.getByRole('button', { name: 'Change' }));
    // The action as normalised: its own settings and the catalogue's defaults.
    expect(onEdit).toHaveBeenCalledWith(record, expect.objectContaining(action));
  });

  it('Delete row asks first and deletes only when confirmed', async () => {
    const { user, source, onChanged } = renderActions([{ title: 'Remove', type: 'Delete row', success_message: 'Gone.' }]);
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    const question = screen.getByRole('alertdialog', { name: 'Delete row' });
    expect(question).toHaveAccessibleDescription('Delete this row? The owner can restore it from History, Row activity.');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(source.deleteRow).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Delete row' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(source.deleteRow).toHaveBeenCalledWith(expect.objectContaining({ id: 'b1' }), 'r1');
    expect(toastTexts()).toEqual(['Gone.']);
  });

  it('shows the error_message and the server reason when a write fails', async () => {
    const source = fakeSource(undefined, {
      deleteRow: vi.fn(async () => {
        throw new ApiError('This table does not let you delete rows.', 403);
      }),
    });
    const { user, onChanged } = renderActions([{ title: 'Remove', type: 'Delete row', error_message: 'Could not delete.' }], { source });
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Delete row' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toastTexts()).toEqual(['Could not delete. — This table does not let you delete rows.']));
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('Open link opens the source column in a new tab', () => {
    renderActions([{ title: 'Visit', type: 'Open link', source_column: 'Site' }]);
    const link = screen.getByRole('link', { name: 'Visit' });
    expect(link).toHaveAttribute('href', 'https://ada.example.com/home');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('Open link refuses addresses that are not http(s) or mailto', () => {
    renderActions([{ title: 'Visit', type: 'Open link', source_column: 'Site' }], { record: { ...record, Site: 'javascript:alert(1)' } });
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Visit' })).toBeDisabled();
  });

  it('API call runs on the server and shows its success message', async () => {
    const source = fakeSource(undefined, { runAction: vi.fn(async () => ({ ok: true, message: 'Order sent' })) });
    const { user } = renderActions(
      [
        { title: 'Notify', type: 'Duplicate row' },
        { title: 'Send', type: 'API call' },
      ],
      { source },
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(toastTexts()).toEqual(['Order sent']));
    // The index is the action's place in the block's actions.
    expect(source.runAction).toHaveBeenCalledWith(expect.objectContaining({ id: 'b1' }), 1, 'r1');
  });

  it('API call shows the error message the server answers', async () => {
    const source = fakeSource(undefined, { runAction: vi.fn(async () => ({ ok: false, message: 'The endpoint failed' })) });
    const { user } = renderActions([{ title: 'Send', type: 'API call' }], { source });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(toastTexts()).toEqual(['The endpoint failed']));
    expect(useToastStore.getState().toasts.map((toast) => toast.kind)).toEqual(['error']);
  });

  it('API call shows the text of a refused request', async () => {
    const source = fakeSource(undefined, {
      runAction: vi.fn(async () => {
        throw new ApiError('Requests to private addresses are refused.', 422);
      }),
    });
    const { user } = renderActions([{ title: 'Send', type: 'API call' }], { source });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(toastTexts()).toEqual(['Requests to private addresses are refused.']));
  });

  it('Compose Email writes to the source column with the row values in the body', () => {
    renderActions([{ title: 'Mail', type: 'Compose Email', source_column: 'Email' }]);
    const href = screen.getByRole('link', { name: 'Mail' }).getAttribute('href') ?? '';
    expect(href.startsWith('mailto:ada@example.com?')).toBe(true);
    const params = new URLSearchParams(href.slice(href.indexOf('?') + 1));
    expect(params.get('subject')).toBe('People');
    expect(params.get('body')).toBe('Name: Ada\r\nCity: London');
  });

  it('Compose Email cannot add headers through the address', () => {
    renderActions([{ title: 'Mail', type: 'Compose Email', source_column: 'Email' }], { record: { ...record, Email: 'a@b.c?bcc=evil@x.y' } });
    expect(screen.getByRole('link', { name: 'Mail' }).getAttribute('href')).toMatch(/^mailto:a@b\.c%3Fbcc%3Devil@x\.y\?/);
  });

  it('Copy to clipboard copies the source column and says so', async () => {
    const { user } = renderActions([{ title: 'Copy', type: 'Copy to clipboard', source_column: 'City', success_message: 'City copied' }]);
    // After userEvent.setup(), which puts its own clipboard in place.
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(toastTexts()).toEqual(['City copied']));
    expect(writeText).toHaveBeenCalledWith('London');
  });

  it('Download pdf makes a PDF of the server-filled template', async () => {
    const source = fakeSource(undefined, { runAction: vi.fn(async () => ({ ok: true, message: 'Done', text: 'Dear Ada, welcome.' })) });
    const { user } = renderActions([{ title: 'Letter', type: 'Download pdf', pdf_template: 'Dear [Name], welcome.' }], { source });
    await user.click(screen.getByRole('button', { name: 'Letter' }));
    await waitFor(() => expect(downloadTextPdf).toHaveBeenCalledWith('Letter', 'Dear Ada, welcome.'));
    expect(source.runAction).toHaveBeenCalledWith(expect.objectContaining({ id: 'b1' }), 0, 'r1');
  });

  it('Download pdf shows the server error and makes no PDF', async () => {
    const source = fakeSource(undefined, { runAction: vi.fn(async () => ({ ok: false, message: 'No template' })) });
    const { user } = renderActions([{ title: 'Letter', type: 'Download pdf' }], { source });
    await user.click(screen.getByRole('button', { name: 'Letter' }));
    await waitFor(() => expect(toastTexts()).toEqual(['No template']));
    expect(downloadTextPdf).not.toHaveBeenCalled();
  });
});
