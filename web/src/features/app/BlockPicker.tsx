import { Popup } from '../../components/Popup';
import { FormError } from '../../components/FormError';
import { BLOCK_TYPES, type BlockType } from './blockTypes';

export const BLOCK_PICKER_TITLE = 'Choose Your Block';

/** platform §2: the 'Choose Your Block' popup, 400 px wide, one button per block type. */
export function BlockPicker({
  onPick,
  onClose,
  busy = false,
  error = null,
}: {
  onPick: (type: BlockType) => void;
  onClose: () => void;
  /** While a picked block is being saved, nothing else can be picked and the popup stays. */
  busy?: boolean;
  error?: string | null;
}) {
  return (
    <Popup title={BLOCK_PICKER_TITLE} onClose={onClose} maxWidth={400} closeBlocked={busy}>
      <ul className="block-picker" aria-busy={busy}>
        {BLOCK_TYPES.map(({ type, name }) => (
          <li key={type}>
            <button type="button" className="button block-picker-item" disabled={busy} onClick={() => onPick(type)}>
              {name}
            </button>
          </li>
        ))}
      </ul>
      <FormError message={error} />
    </Popup>
  );
}
