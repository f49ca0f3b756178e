import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Popup } from './Popup';
import { useConfirm } from './ConfirmDialog';

/** A button that asks before it acts, and writes down the answer. */
function DeleteThing() {
  const { confirm, confirmDialog } = useConfirm();
  const [answer, setAnswer] = useState('none');
  const ask = async () => {
    const confirmed = await confirm({ title: 'Delete block', question: 'Delete the block "Sales"? This cannot be undone.', confirmLabel: 'Delete' });
    setAnswer(confirmed ? 'deleted' : 'kept');
  };
  return (
    <>
      <button type="button" onClick={() => void ask()}>
        Delete Sales
      </button>
      <output>{answer}</output>
      {confirmDialog}
    </>
  );
}

describe('ConfirmDialog', () => {
  it('asks in an alert dialog that starts on the safe answer', async () => {
    const user = userEvent.setup();
    render(<DeleteThing />);
    await user.click(screen.getByRole('button', { name: 'Delete Sales' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete block' });
    expect(dialog).toHaveAccessibleDescription('Delete the block "Sales"? This cannot be undone.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    // A stray Enter lands on the safe answer.
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('kept');
  });

  it('goes ahead only on the confirming button', async () => {
    const user = userEvent.setup();
    render(<DeleteThing />);
    await user.click(screen.getByRole('button', { name: 'Delete Sales' }));
    expect(screen.getByRole('status')).toHaveTextContent('none');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('deleted');
  });

  it('takes Escape as no and gives the focus back to the button that asked', async () => {
    const user = userEvent.setup();
    render(<DeleteThing />);
    await user.click(screen.getByRole('button', { name: 'Delete Sales' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('kept');
    expect(screen.getByRole('button', { name: 'Delete Sales' })).toHaveFocus();
  });

  it('over another popup, Escape answers the question and leaves the popup open', async () => {
    const user = userEvent.setup();
    let closed = false;
    render(
      <Popup title="Pages" onClose={() => (closed = true)}>
        <DeleteThing />
      </Popup>,
    );
    await user.click(screen.getByRole('button', { name: 'Delete Sales' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Pages' })).toBeInTheDocument();
    expect(closed).toBe(false);
  });

  it('answers Escape even when what asked stops the keys of its children', async () => {
    const user = userEvent.setup();
    render(
      // Like a table's actions cell, which keeps its events from the row that opens on click.
      <div onKeyDown={(event) => event.stopPropagation()}>
        <DeleteThing />
      </div>,
    );
    await user.click(screen.getByRole('button', { name: 'Delete Sales' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('kept');
  });
});
