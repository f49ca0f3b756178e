import { useEffect, useState } from 'react';
import { FormError } from '../components/FormError';
import { Loading } from '../components/Loading';
import { Popup } from '../components/Popup';
import { loadBlockTypes, type BlockType, type BlockTypeInfo } from './blockTypes';
import './blockTypePicker.css';

/**
 * How the types are laid out: the board editor lists each with its description (and says which
 * one is being added), the app editor shows a two-column grid of names.
 */
export type BlockTypeLayout = 'described list' | 'name grid';

/**
 * platform §2: 'Choose Your Block', 400 px wide, one button per type of the block catalogue
 * (blocks.md §1), which is loaded when the popup opens. While a picked type is being saved
 * nothing else can be picked and the popup cannot close; a refused save (onPick rejects or
 * shows `error`) leaves it open to try again.
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
  const [types, setTypes] = useState<BlockTypeInfo[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saving, setSaving] = useState<BlockType | null>(null);
  useEffect(() => {
    let live = true;
    loadBlockTypes().then(
      (loaded) => live && setTypes(loaded),
      (failure: unknown) => live && setLoadError(`The block types could not be loaded: ${failure instanceof Error ? failure.message : String(failure)}`),
    );
    return () => {
      live = false;
    };
  }, []);
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
      {types === null && !loadError && <Loading />}
      {types && (
        <ul className={described ? 'block-type-list' : 'block-picker'} aria-busy={busy}>
          {types.map(({ type, name, description }) => (
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
      )}
      <FormError message={error ?? loadError} />
    </Popup>
  );
}
