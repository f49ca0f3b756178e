// What Save, Cancel and Escape do in the block settings panel, so that editing feels safe: closing
// with edits asks first (in the app's own dialog), closing without closes at once, and a save says
// how it went as Board Settings does, in a toast.
import { useCallback, useRef, type KeyboardEvent } from 'react';
import { ApiError } from '../../api/errors';
import { useBottomActions } from '../../components/bottomActions';
import { useConfirm } from '../../components/ConfirmDialog';
import type { BlockConfig, Core } from '../../core/wasm';
import { showToast } from '../../store/toastStore';
import { hasUnsavedChanges } from './unsavedChanges';

export const DISCARD_QUESTION = {
  title: 'Unsaved changes',
  question: 'Discard your changes to this block?',
  confirmLabel: 'Discard',
  cancelLabel: 'Keep editing',
};

/** What to do after a refused save; the reason itself shows in the form, at its setting if it names one. */
function afterRefusal(error: unknown): string {
  return error instanceof ApiError && error.field
    ? 'Your changes are still here: correct the setting marked below, then press Save again.'
    : 'Your changes are still here: press Save to try again.';
}

/**
 * `onSave` and `onCancel` as the panel offers them: `track` is told every config the editor holds
 * (its first one, per `editKey`, is the block as opened, with what the editor filled in itself),
 * `close` is Cancel, `onKeyDown` turns Escape into it, and `confirmDialog` is to be rendered.
 * Configs are compared with the catalogue's defaults filled in by `core` (once it is loaded), so a
 * switch turned on and off again is no edit.
 */
export function useSaveAndClose(core: Core | null, editKey: string, onSave: (config: BlockConfig) => Promise<void>, onCancel: () => void) {
  const { confirm, confirmDialog } = useConfirm();
  // The panel's Save and Cancel: "Block saved." shows where it does not cover them.
  useBottomActions();
  const opened = useRef<{ key: string; config: BlockConfig } | null>(null);
  const latest = useRef<BlockConfig | null>(null);
  // While a save is on its way, closing would drop (for a new block, delete) what it stores.
  const saving = useRef(false);

  const track = useCallback(
    (config: BlockConfig) => {
      if (opened.current?.key !== editKey) opened.current = { key: editKey, config };
      latest.current = config;
    },
    [editKey],
  );

  const close = async () => {
    if (saving.current) return;
    const full = (config: BlockConfig) => (core ? core.blockDefaults(config) : config);
    const edited = opened.current !== null && latest.current !== null && hasUnsavedChanges(full(opened.current.config), full(latest.current));
    if (!edited || (await confirm(DISCARD_QUESTION))) onCancel();
  };

  const save = async (config: BlockConfig) => {
    saving.current = true;
    try {
      await onSave(config);
    } catch (error) {
      showToast({ kind: 'error', title: 'The block was not saved', text: afterRefusal(error) });
      // The editor shows the reason and keeps the edits.
      throw error;
    } finally {
      saving.current = false;
    }
    showToast({ kind: 'success', text: 'Block saved.' });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // A control that handles Escape itself (an open list) marks it handled.
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    void close();
  };

  return { track, close, save, onKeyDown, confirmDialog };
}
