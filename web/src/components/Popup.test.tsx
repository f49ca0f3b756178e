import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Popup } from './Popup';

describe('Popup', () => {
  it('closes on the overlay, the close button and Escape', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <Popup title="Embed Content" onClose={onClose}>
        <p>snippet</p>
      </Popup>,
    );
    expect(screen.getByRole('dialog', { name: 'Embed Content' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByTestId('popup-overlay'));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('does not close while closing is blocked', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <Popup title="Add User" onClose={onClose} closeBlocked>
        <p>form</p>
      </Popup>,
    );
    await user.click(screen.getByTestId('popup-overlay'));
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('lets Escape close only the popup on top', async () => {
    const user = userEvent.setup();
    const closeOuter = vi.fn();
    const closeInner = vi.fn();
    const dialog = (editing: boolean) => (
      <Popup title="Users" onClose={closeOuter}>
        {editing && (
          <Popup title="Edit User" onClose={closeInner}>
            <p>form</p>
          </Popup>
        )}
      </Popup>
    );
    const { rerender } = render(dialog(false));
    rerender(dialog(true));
    await user.keyboard('{Escape}');
    expect(closeInner).toHaveBeenCalledTimes(1);
    expect(closeOuter).not.toHaveBeenCalled();
  });
});
