import { useState } from 'react';
import { FormError } from '../components/FormError';
import { Popup } from '../components/Popup';
import { BLOCK_TYPES, type BlockType } from './blockTypes';
import './blockTypePicker.css';

/**
 * How the types are laid out: the board editor lists each with its description (and says which
 * one is being added), the app editor shows a two-column grid of names.
 */
export type BlockTypeLayout = 'described list' | 'name grid';

/**
 * platform §2: 'Choose Your Block', 400 px wide, one button per block type of blocks.md §1.
 * While a picked type is being saved nothing else can be picked and the popup cannot close; a
 * refused save (onPick rejects or shows `error`) leaves it open to try again.
 */
export function BlockTypePicker({
  layout,
  onPick,
  onClose,
  error = null,
}: {
  layout: BlockTypeLayout;
  onPick: (type: BlockType) => Promise<void>;
  onClose: () => void;
  /** Why the last pick was refused, when the caller's request did not alert it already. */
  error?: string | null;
}) {
  const [saving, setSaving] = useState<BlockType | null>(null);
  const busy = saving !== null;
  const pick = async (type: BlockType) => {
    setSaving(type);
    try {
      await onPick(type);
    } catch {
      // The caller's request layer has alerted the reason.
    } finally {
      setSaving(null);
    }
  };
  const described = layout === 'described list';
  return (
    <Popup title="Choose Your Block" maxWidth={400} onClose={onClose} closeBlocked={busy}>
      <ul className={described ? 'block-type-list' : 'block-picker'} aria-busy={busy}>
        {BLOCK_TYPES.map(({ type, name, description }) => (
          <li key={type}>
            <button
              type="button"
              className={described ? 'block-type' : 'button block-picker-item'}
              disabled={busy}
              onClick={() => void pick(type)}
            >
              {described ? (
                <>
                  <span className="block-type-name">{saving === type ? `Adding ${name}...` : name}</span>
                  <span className="block-type-description">{description}</span>
                </>
              ) : (
                name
              )}
            </button>
          </li>
        ))}
      </ul>
      <FormError message={error} />
    </Popup>
  );
}
