import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ListboxSelect } from './ListboxSelect';

const options = [
  { value: 'read', label: 'Read' },
  { value: 'read-write', label: 'Read-Write' },
  { value: 'admin', label: 'Admin' },
] as const;

type Value = (typeof options)[number]['value'];

function Harness({ onChange = () => {}, disabled = false }: { onChange?: (value: Value) => void; disabled?: boolean }) {
  const [value, setValue] = useState<Value>('read');
  return (
    <div>
      <p>Outside</p>
      <ListboxSelect
        label="Permission"
        value={value}
        options={options}
        disabled={disabled}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    </div>
  );
}

const trigger = () => screen.getByRole('button', { name: /^Permission/ });
const activeOption = () => {
  const id = screen.getByRole('listbox').getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.textContent : null;
};

describe('ListboxSelect', () => {
  it('is named by its label and current value, and opens and closes with clicks', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(trigger()).toHaveAccessibleName('Permission Read');
    expect(trigger()).toHaveAttribute('aria-haspopup', 'listbox');
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
    await user.click(trigger());
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('listbox', { name: 'Permission' })).toHaveFocus();
    expect(screen.getByRole('option', { name: 'Read' })).toHaveAttribute('aria-selected', 'true');
    await user.click(trigger());
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('moves with up, down, home and end and chooses with Enter', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    trigger().focus();
    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toBe('Read');
    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toBe('Read-Write');
    await user.keyboard('{End}');
    expect(activeOption()).toBe('Admin');
    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toBe('Admin');
    await user.keyboard('{Home}');
    expect(activeOption()).toBe('Read');
    await user.keyboard('{ArrowUp}');
    expect(activeOption()).toBe('Read');
    await user.keyboard('{End}{ArrowUp}{Enter}');
    expect(onChange).toHaveBeenCalledWith('read-write');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(trigger()).toHaveFocus();
    expect(trigger()).toHaveAccessibleName('Permission Read-Write');
  });

  it('opens with Enter or Space on the button and chooses with Space', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    trigger().focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('listbox')).toHaveFocus();
    await user.keyboard('{ArrowDown}[Space]');
    expect(onChange).toHaveBeenCalledWith('read-write');
    await user.keyboard('[Space]');
    expect(screen.getByRole('listbox')).toHaveFocus();
    expect(activeOption()).toBe('Read-Write');
  });

  it('closes without a change on Escape and on a click outside', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.click(trigger());
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(trigger()).toHaveFocus();
    await user.click(trigger());
    await user.click(screen.getByText('Outside'));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    expect(trigger()).toHaveAccessibleName('Permission Read');
  });

  it('chooses an option with the mouse', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(trigger());
    await user.click(screen.getByRole('option', { name: 'Admin' }));
    expect(trigger()).toHaveAccessibleName('Permission Admin');
  });

  it('cannot be opened while disabled', async () => {
    const user = userEvent.setup();
    render(<Harness disabled />);
    expect(trigger()).toBeDisabled();
    await user.click(trigger());
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
