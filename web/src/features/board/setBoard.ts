import type { BoardState } from '../../generated/api';

/** How the board editor's parts change the board it holds: one update of the whole state. */
export type SetBoard = (update: (board: BoardState) => BoardState) => void;
