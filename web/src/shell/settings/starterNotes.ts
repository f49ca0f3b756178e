// What the block starter chose for each freshly picked block, kept on this device while its
// settings are open: the settings panel says it once ("Started from your data: ..."), and the
// words go with the block's first Save or Cancel. Never stored with the block.
import { create } from 'zustand';

interface StarterNotes {
  /** Sentences per block id, as `blockStarter` answered them. */
  notes: Readonly<Record<string, readonly string[]>>;
}

export const useStarterNotes = create<StarterNotes>(() => ({ notes: {} }));

export function rememberStarter(blockId: string, chosen: readonly string[]): void {
  if (chosen.length === 0) return;
  useStarterNotes.setState((s) => ({ notes: { ...s.notes, [blockId]: chosen } }));
}

/** A draft stored under another id (the server's, or a client id offline) keeps its words. */
export function moveStarter(from: string, to: string): void {
  if (from === to) return;
  useStarterNotes.setState((s) => {
    const { [from]: chosen, ...rest } = s.notes;
    return { notes: chosen ? { ...rest, [to]: chosen } : rest };
  });
}

export function forgetStarter(blockId: string): void {
  useStarterNotes.setState((s) => {
    const { [blockId]: _gone, ...rest } = s.notes;
    return { notes: rest };
  });
}
