// Undo and Redo over a list of blocks as an editor holds it, against a mocked server: each is an
// ordinary save of one side of the step, a refusal keeps the step, and the shortcuts leave text
// fields and dialogs alone.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCallback, useMemo, useState } from 'react';
import { queuedSaves } from '../../platform/offlineStore';
import { mockFetch } from '../../test/fetchMock';
import { useToastStore } from '../../store/toastStore';
import type { Block } from '../../store/blockList';
import type { UndoStep } from './undoStack';
import { recordUndo as recordAt, stackAt } from './undoStore';
import { UndoRedoButtons } from './UndoRedoButtons';
import { dialogOpen, inTextField, shortcutOf } from './useUndoRedo';

const AT = '/api/boards/b1/blocks';
const revenue: Block = { id: 'k1', type: 'chart', title: 'Revenue' };
const notes: Block = { id: 'k2', type: 'markdown', title: 'Notes' };
const editRevenue: UndoStep = {
  kind: 'edit',
  label: "edit of Chart 'Revenue'",
  blockId: 'k1',
  before: { type: 'chart', title: 'Sales' },
  after: { type: 'chart', title: 'Revenue' },
};

/** An editor's block list with the toolbar's buttons, a text field and, on demand, a dialog. */
function Editor({
  initial,
  saveSettings = async () => {},
  restoreVersion = async () => {},
}: {
  initial: Block[];
  saveSettings?: (settings: Record<string, unknown>) => Promise<void>;
  restoreVersion?: (revisionId: string) => Promise<void>;
}) {
  const [blocks, setBlocksState] = useState<readonly Block[]>(initial);
  const [dialog, setDialog] = useState(false);
  const setBlocks = useCallback((change: (blocks: readonly Block[]) => Block[]) => setBlocksState((current) => change(current)), []);
  const place = useMemo(
    () => ({ at: AT, query: { board: 'sales' }, blocks, setBlocks, saveSettings, restoreVersion }),
    [blocks, setBlocks, saveSettings, restoreVersion],
  );
  return (
    <>
      <UndoRedoButtons place={place} />
      <input aria-label="Title" />
      <button type="button" onClick={() => setDialog(true)}>
        Open dialog
      </button>
      {dialog && <div role="dialog" aria-modal="true" aria-label="Settings" />}
      <ul aria-label="Blocks">
        {blocks.map((b) => (
          <li key={b.id}>{`${b.id}: ${String(b.title)}`}</li>
        ))}
      </ul>
    </>
  );
}

/** Records a step as an editor's save would, outside React's event handling. */
const recordUndo = (at: string, step: UndoStep) => act(() => recordAt(at, step));
const shown = () => screen.getAllByRole('listitem').map((item) => item.textContent);
const echo = (id: string) => (init: RequestInit) => ({ body: { ...JSON.parse(String(init.body)), id } });
const requests = (calls: { method: string; url: URL; body: unknown }[]) => calls.map((c) => [c.method, c.url.pathname, c.body]);

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Undo and Redo', () => {
  it('are disabled with nothing to undo or redo', () => {
    mockFetch({});
    render(<Editor initial={[revenue]} />);
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveAttribute('title', 'Nothing to undo');
    expect(screen.getByRole('button', { name: 'Redo' })).toBeDisabled();
  });

  it('undo a block edit by saving the settings it had with a PUT, and redo it by saving the edit again', async () => {
    const { calls } = mockFetch({ 'PUT /api/blocks/k1': echo('k1') });
    const user = userEvent.setup();
    render(<Editor initial={[revenue]} />);
    recordUndo(AT, editRevenue);
    const undo = await screen.findByRole('button', { name: 'Undo' });
    await waitFor(() => expect(undo).toBeEnabled());
    expect(undo).toHaveAttribute('title', "Undo: edit of Chart 'Revenue'");

    await user.click(undo);
    await waitFor(() => expect(shown()).toEqual(['k1: Sales']));
    expect(requests(calls)).toEqual([['PUT', '/api/blocks/k1', { type: 'chart', title: 'Sales' }]]);
    expect(calls[0].url.searchParams.get('board')).toBe('sales');
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
    const redo = screen.getByRole('button', { name: 'Redo' });
    expect(redo).toHaveAttribute('title', "Redo: edit of Chart 'Revenue'");

    await user.click(redo);
    await waitFor(() => expect(shown()).toEqual(['k1: Revenue']));
    expect(calls[1].body).toEqual({ type: 'chart', title: 'Revenue' });
    expect(screen.getByRole('button', { name: 'Redo' })).toBeDisabled();
  });

  it('undo a restore by restoring the version it replaced, and redo it by restoring the version again', async () => {
    mockFetch({});
    const restoreVersion = vi.fn(async () => {});
    const user = userEvent.setup();
    render(<Editor initial={[revenue]} restoreVersion={restoreVersion} />);
    recordUndo(AT, { kind: 'restore', label: 'restore of version #2', before: 'r5', after: 'r2' });
    const undo = await screen.findByRole('button', { name: 'Undo' });
    await waitFor(() => expect(undo).toBeEnabled());
    expect(undo).toHaveAttribute('title', 'Undo: restore of version #2');
    await user.click(undo);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Redo' })).toBeEnabled());
    expect(restoreVersion).toHaveBeenLastCalledWith('r5');
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Undo' })).toBeEnabled());
    expect(restoreVersion).toHaveBeenLastCalledWith('r2');
    expect(restoreVersion).toHaveBeenCalledTimes(2);
  });

  it('keep the step when the server refuses the undo, and say why in a toast', async () => {
    mockFetch({ 'PUT /api/blocks/k1': { status: 422, body: { error: 'The sheet `Gone` is not in this spreadsheet.', field: 'sheet_title' } } });
    const user = userEvent.setup();
    render(<Editor initial={[revenue]} />);
    recordUndo(AT, editRevenue);
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => t.text)).toEqual([
        "Undo of the edit of Chart 'Revenue' was not saved: The sheet `Gone` is not in this spreadsheet.",
      ]),
    );
    expect(stackAt(AT)).toEqual({ done: [editRevenue], undone: [] });
    expect(screen.getByRole('button', { name: 'Undo' })).toBeEnabled();
    expect(shown()).toEqual(['k1: Revenue']);
  });

  it('undo a delete by creating the block again in its old place, and redo it by deleting the new block', async () => {
    const { calls } = mockFetch({
      [`POST ${AT}`]: (init) => ({ status: 201, body: { ...JSON.parse(String(init.body)), id: 'n1' } }),
      [`PUT ${AT}/order`]: { body: [] },
      'DELETE /api/blocks/n1': { status: 204 },
      'PUT /api/blocks/n1': echo('n1'),
    });
    const user = userEvent.setup();
    render(<Editor initial={[notes]} />);
    // Revenue was edited, then deleted from the first place.
    recordUndo(AT, editRevenue);
    recordUndo(AT, { kind: 'delete', label: "deletion of Chart 'Revenue'", blockId: 'k1', config: { type: 'chart', title: 'Revenue' }, index: 0 });

    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(shown()).toEqual(['n1: Revenue', 'k2: Notes']));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ type: 'chart', title: 'Revenue' });
    expect(post.url.searchParams.get('client_key')).toMatch(/^local-/);
    expect(requests(calls).slice(1)).toEqual([['PUT', `${AT}/order`, { ids: ['n1', 'k2'] }]]);

    // The earlier edit now reaches the block under its new id.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Undo' })).toHaveAttribute('title', "Undo: edit of Chart 'Revenue'"));
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(shown()).toEqual(['n1: Sales', 'k2: Notes']));
    expect(requests(calls)[2]).toEqual(['PUT', '/api/blocks/n1', { type: 'chart', title: 'Sales' }]);

    await user.click(screen.getByRole('button', { name: 'Redo' }));
    await waitFor(() => expect(shown()).toEqual(['n1: Revenue', 'k2: Notes']));
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    await waitFor(() => expect(shown()).toEqual(['k2: Notes']));
    expect(requests(calls).at(-1)).toEqual(['DELETE', '/api/blocks/n1', undefined]);
  });

  it('made offline, wait in the outbox like any save', async () => {
    const { calls } = mockFetch({});
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const user = userEvent.setup();
    render(<Editor initial={[revenue, notes]} />);
    recordUndo(AT, { kind: 'add', label: "addition of Markdown 'Notes'", blockId: 'k2', config: { type: 'markdown', title: 'Notes' } });
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(shown()).toEqual(['k1: Revenue']));
    expect(calls).toEqual([]);
    expect(await queuedSaves()).toMatchObject([{ blockId: 'k2', deleteBlock: true }]);
    // The add's place is kept for its redo.
    expect(stackAt(AT).undone).toEqual([expect.objectContaining({ kind: 'add', index: 1 })]);
  });

  it('save board settings back through the editor', async () => {
    mockFetch({});
    const saveSettings = vi.fn(async () => {});
    const user = userEvent.setup();
    render(<Editor initial={[]} saveSettings={saveSettings} />);
    recordUndo(AT, { kind: 'settings', label: 'board settings', before: { title: 'Old' }, after: { title: 'New' } });
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(saveSettings).toHaveBeenCalledWith({ title: 'Old' }));
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    await waitFor(() => expect(saveSettings).toHaveBeenLastCalledWith({ title: 'New' }));
  });
});

describe('the undo shortcuts', () => {
  it('are Ctrl or Cmd with Z, with Shift to redo, and Ctrl-Y', () => {
    const press = (key: string, keys: Partial<KeyboardEvent> = {}) =>
      shortcutOf({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...keys });
    expect(press('z', { ctrlKey: true })).toBe('undo');
    expect(press('z', { metaKey: true })).toBe('undo');
    expect(press('Z', { ctrlKey: true, shiftKey: true })).toBe('redo');
    expect(press('Z', { metaKey: true, shiftKey: true })).toBe('redo');
    expect(press('y', { ctrlKey: true })).toBe('redo');
    expect(press('y', { metaKey: true })).toBeNull();
    expect(press('z')).toBeNull();
    expect(press('z', { ctrlKey: true, altKey: true })).toBeNull();
  });

  it('know text fields and open dialogs', () => {
    document.body.innerHTML =
      '<input id="i"><textarea id="t"></textarea><select id="s"></select><div contenteditable="true"><b id="c">x</b></div><button id="b"></button>';
    for (const id of ['i', 't', 's', 'c']) expect(inTextField(document.getElementById(id))).toBe(true);
    expect(inTextField(document.getElementById('b'))).toBe(false);
    expect(dialogOpen(document)).toBe(false);
    document.body.insertAdjacentHTML('beforeend', '<div role="dialog" aria-modal="true"></div>');
    expect(dialogOpen(document)).toBe(true);
    document.body.innerHTML = '';
  });

  it('undo and redo from the page, but not from a text field or over a dialog', async () => {
    const { calls } = mockFetch({ 'PUT /api/blocks/k1': echo('k1') });
    const user = userEvent.setup();
    render(<Editor initial={[revenue]} />);
    recordUndo(AT, editRevenue);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Undo' })).toBeEnabled());

    // In a text field Ctrl-Z is the field's own undo of typing.
    await user.click(screen.getByRole('textbox', { name: 'Title' }));
    await user.keyboard('{Control>}z{/Control}');
    expect(calls).toEqual([]);

    screen.getByRole('textbox', { name: 'Title' }).blur();
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(shown()).toEqual(['k1: Sales']));
    await user.keyboard('{Control>}y{/Control}');
    await waitFor(() => expect(shown()).toEqual(['k1: Revenue']));
    await user.keyboard('{Meta>}z{/Meta}');
    await waitFor(() => expect(shown()).toEqual(['k1: Sales']));
    await user.keyboard('{Meta>}{Shift>}z{/Shift}{/Meta}');
    await waitFor(() => expect(shown()).toEqual(['k1: Revenue']));
    expect(calls).toHaveLength(4);

    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    await user.keyboard('{Control>}z{/Control}');
    expect(calls).toHaveLength(4);
    expect(shown()).toEqual(['k1: Revenue']);
  });
});
