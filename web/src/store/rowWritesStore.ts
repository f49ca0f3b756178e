import { create } from 'zustand';

interface RowWritesState {
  /** How many times this tab has written rows through a block since it opened. */
  written: number;
  /** A write went through: every block on screen reads its rows again. */
  wrote: () => void;
}

/**
 * Rows this tab wrote (a form's answer, issue 48): the submitter's other blocks (scorecards,
 * charts, tables) read their data again at once, without a page reload. Other viewers' boards
 * are not told; that is the live boards' part.
 */
export const useRowWritesStore = create<RowWritesState>()((set) => ({
  written: 0,
  wrote: () => set((state) => ({ written: state.written + 1 })),
}));
