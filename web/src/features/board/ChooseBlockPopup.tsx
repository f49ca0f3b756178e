import { useState } from 'react';
import { Popup } from '../../components/Popup';
import { BLOCK_TYPES } from './blockTypes';

/** platform §2: 'Choose Your Block', 400 px wide, one button per block type of blocks.md §1. */
export function ChooseBlockPopup({ onPick, onClose }: { onPick: (type: string) => Promise<void>; onClose: () => void }) {
  const [saving, setSaving] = useState<string | null>(null);
  const pick = async (type: string) => {
    setSaving(type);
    try {
      await onPick(type);
    } catch {
      // The request layer has alerted the reason; the list stays open to try again.
      setSaving(null);
    }
  };
  return (
    <Popup title="Choose Your Block" maxWidth={400} onClose={onClose} closeBlocked={saving !== null}>
      <ul className="block-type-list">
        {BLOCK_TYPES.map(({ type, name, description }) => (
          <li key={type}>
            <button type="button" className="block-type" disabled={saving !== null} onClick={() => void pick(type)}>
              <span className="block-type-name">{saving === type ? `Adding ${name}...` : name}</span>
              <span className="block-type-description">{description}</span>
            </button>
          </li>
        ))}
      </ul>
    </Popup>
  );
}
