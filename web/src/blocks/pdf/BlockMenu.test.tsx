import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BlockMenu, type MenuAction } from './BlockMenu';

function renderMenu(actions: readonly MenuAction[]) {
  const user = userEvent.setup();
  render(
    <>
      <BlockMenu title="Orders" actions={actions} />
      <button type="button">After</button>
    </>,
  );
  return { user, button: screen.getByRole('button', { name: 'More actions: Orders' }) };
}

const pdf = vi.fn();
const ACTIONS: MenuAction[] = [
  { label: 'Download CSV', href: '/export.csv', download: true },
  { label: 'Download PDF', run: pdf },
];

describe('BlockMenu', () => {
  beforeEach(() => pdf.mockClear());

  it('is one closed "⋯" button, and nothing at all without actions', () => {
    const { button } = renderMenu(ACTIONS);
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    render(<BlockMenu title="Empty" actions={[]} />);
    expect(screen.queryByRole('button', { name: 'More actions: Empty' })).not.toBeInTheDocument();
  });

  it('opens from the keyboard on its first item, moves with the arrows, Home and End, and wraps', async () => {
    const { user, button } = renderMenu(ACTIONS);
    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu', { name: 'Actions: Orders' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Download CSV' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Download PDF' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Download CSV' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Download PDF' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('menuitem', { name: 'Download CSV' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Download PDF' })).toHaveFocus();
  });

  it('closes on Escape and gives the focus back to its button', async () => {
    const { user, button } = renderMenu(ACTIONS);
    button.focus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Download PDF' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('runs a chosen command once, closes, and links the CSV as a download', async () => {
    const { user, button } = renderMenu(ACTIONS);
    await user.click(button);
    expect(screen.getByRole('menuitem', { name: 'Download CSV' })).toHaveAttribute('href', '/export.csv');
    expect(screen.getByRole('menuitem', { name: 'Download CSV' })).toHaveAttribute('download');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(pdf).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('skips and does not run a disabled item, and closes on a press outside', async () => {
    const { user, button } = renderMenu([{ label: 'Download PDF', run: pdf, disabled: true }]);
    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'Download PDF' }));
    expect(pdf).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'After' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
