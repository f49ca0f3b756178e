// The editors' Undo and Redo (issue 30): the board's or page's stack, the toolbar's two actions
// and their keyboard shortcuts (Ctrl/Cmd-Z, Ctrl/Cmd-Shift-Z and Ctrl-Y). A shortcut typed in a
// text field is the field's own text undo, and one pressed over a dialog is left to the dialog.
import { useCallback, useEffect, useRef, useState } from 'react';
import { toApiError } from '../../api/errors';
import { showToast } from '../../store/toastStore';
import { performStep, type UndoPlace } from './performStep';
import { EMPTY_STACK, nextStep, type Direction } from './undoStack';
import { settleUndo, stackAt, useUndoStore } from './undoStore';

/** What a key press asks of the undo stack, if anything. */
export function shortcutOf(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>): Direction | null {
  if (event.altKey || !(event.ctrlKey || event.metaKey)) return null;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  // Ctrl-Y is redo on Windows and Linux; Cmd-Y is not a redo on macOS.
  if (key === 'y' && event.ctrlKey && !event.shiftKey) return 'redo';
  return null;
}

/** Whether the key press lands where the browser undoes typing itself. */
export function inTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]') !== null;
}

/** Whether a dialog (a popup, a question) is open over the editor. */
export function dialogOpen(doc: Document): boolean {
  return doc.querySelector('[aria-modal="true"], [role="alertdialog"], dialog[open]') !== null;
}

export interface UndoRedo {
  /** What Undo would undo ("edit of Chart 'Revenue'"), if anything. */
  undoLabel?: string;
  redoLabel?: string;
  /** An undo or redo is being saved: another waits for it to finish. */
  busy: boolean;
  undo: () => Promise<void>;
  redo: () => Promise<void>;
}

export function useUndoRedo(place: UndoPlace): UndoRedo {
  const stack = useUndoStore((s) => s.stacks[place.at]) ?? EMPTY_STACK;
  const [busy, setBusy] = useState(false);
  // The place as last rendered, read when an undo starts, so the callbacks stay the same.
  const latest = useRef(place);
  latest.current = place;
  // A second press while one is saving is ignored, before React has drawn the busy buttons.
  const running = useRef(false);

  const run = useCallback(async (direction: Direction) => {
    const current = latest.current;
    const step = nextStep(stackAt(current.at), direction);
    if (!step || running.current) return;
    running.current = true;
    setBusy(true);
    try {
      const done = await performStep(step, direction, current);
      settleUndo(current.at, direction, done.step, done.renamed);
    } catch (error) {
      showToast({ kind: 'error', text: `${direction === 'undo' ? 'Undo' : 'Redo'} of the ${step.label} was not saved: ${toApiError(error).message}` });
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const direction = shortcutOf(event);
      if (!direction || event.defaultPrevented || inTextField(event.target) || dialogOpen(document)) return;
      event.preventDefault();
      void run(direction);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [run]);

  const undo = useCallback(() => run('undo'), [run]);
  const redo = useCallback(() => run('redo'), [run]);
  return { undoLabel: nextStep(stack, 'undo')?.label, redoLabel: nextStep(stack, 'redo')?.label, busy, undo, redo };
}
