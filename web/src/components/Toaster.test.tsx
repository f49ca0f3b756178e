import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { showToast } from '../store/toastStore';
import { Popup } from './Popup';
import { Toaster } from './Toaster';

describe('Toaster', () => {
  it('shows toasts with their title, and dismisses one on request', async () => {
    render(<Toaster />);
    act(() => {
      showToast({ kind: 'error', title: 'Access Denied', text: 'This application is private and you do not have permission to access it.' });
      showToast({ kind: 'info', text: 'Embed feature requires a paid plan.' });
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Access Denied');
    expect(screen.getByRole('status')).toHaveTextContent('Embed feature requires a paid plan.');
    await userEvent.click(screen.getAllByRole('button', { name: 'Dismiss' })[0]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('dismisses a toast by itself after its duration', () => {
    vi.useFakeTimers();
    try {
      render(<Toaster />);
      act(() => {
        showToast({ text: 'Failed to verify plan status', durationMs: 1000 });
      });
      expect(screen.getByText('Failed to verify plan status')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1000));
      expect(screen.queryByText('Failed to verify plan status')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it("moves toasts to the top while a dialog is open, so they never cover its footer's buttons", async () => {
    function Screen() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <Toaster />
          {open && (
            <Popup title="Board Settings" onClose={() => setOpen(false)} footer={<button type="button">Save</button>}>
              Settings
            </Popup>
          )}
        </>
      );
    }
    render(<Screen />);
    act(() => {
      showToast({ kind: 'success', text: 'Block saved.' });
    });
    const toaster = screen.getByText('Block saved.').closest('.toaster');
    expect(toaster).toHaveClass('top');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    // With nothing open the corner is free again.
    expect(toaster).not.toHaveClass('top');
  });
});
