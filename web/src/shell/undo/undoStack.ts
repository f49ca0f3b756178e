// Undo and redo of the editors (issue 30): what a board's or an app page's editing session did,
// as data. Each step holds both sides of the change, so undoing it is an ordinary save of one side
// and redoing it a save of the other. Pure: the stacks are never mutated, and performing a step
// is useUndoRedo's.
import { blockTypeName } from '../../platform/blockTypes';

export type Settings = Record<string, unknown>;

export type UndoStep =
  /** A block's settings saved: `before` and `after` are whole configs (width toggles too). */
  | { kind: 'edit'; label: string; blockId: string; before: Settings; after: Settings }
  /**
   * A block that came (added, duplicated) or went (deleted): `config` is what re-creates it and
   * `index` its place among the blocks, when known (an added block's is read as it is undone).
   */
  | { kind: 'add' | 'delete'; label: string; blockId: string; config: Settings; index?: number }
  /** The blocks put in a new order: every id, before and after. */
  | { kind: 'order'; label: string; before: string[]; after: string[] }
  /** Board or page settings saved: the request bodies that put each side back. */
  | { kind: 'settings'; label: string; before: Settings; after: Settings }
  /** A version restored from History: the revision it replaced (undo) and the one restored (redo). */
  | { kind: 'restore'; label: string; before: string; after: string };

export interface UndoStack {
  /** Steps that can be undone, newest last. */
  done: UndoStep[];
  /** Steps undone that can be redone, the next to redo last. */
  undone: UndoStep[];
}

export type Direction = 'undo' | 'redo';

export const EMPTY_STACK: UndoStack = { done: [], undone: [] };

/** How far back a session goes: older steps are forgotten, as a text editor's are. */
export const MOST_STEPS = 100;

/** `stack` after a new edit: it can be undone, and what was undone before cannot be redone any more. */
export function recorded(stack: UndoStack, step: UndoStep): UndoStack {
  return { done: [...stack.done, step].slice(-MOST_STEPS), undone: [] };
}

/** The step that an undo, or a redo, would perform next. */
export function nextStep(stack: UndoStack, direction: Direction): UndoStep | undefined {
  const from = direction === 'undo' ? stack.done : stack.undone;
  return from[from.length - 1];
}

/**
 * `stack` once the next step in `direction` was performed: it moves to the other side, as `step`
 * says it stands now (an added block's place, read as it was undone).
 */
export function performed(stack: UndoStack, direction: Direction, step: UndoStep): UndoStack {
  if (direction === 'undo') return { done: stack.done.slice(0, -1), undone: [...stack.undone, step] };
  return { done: [...stack.done, step], undone: stack.undone.slice(0, -1) };
}

function renamedStep(step: UndoStep, from: string, to: string): UndoStep {
  const id = (blockId: string) => (blockId === from ? to : blockId);
  if (step.kind === 'order') return { ...step, before: step.before.map(id), after: step.after.map(id) };
  if (step.kind === 'settings' || step.kind === 'restore') return step;
  return { ...step, blockId: id(step.blockId) };
}

/**
 * `stack` where the block `from` is called `to`: a block re-created by an undo (or a redo) has a
 * new id, and every step on either side that names it must reach the new block.
 */
export function renamed(stack: UndoStack, from: string, to: string): UndoStack {
  if (from === to) return stack;
  return { done: stack.done.map((s) => renamedStep(s, from, to)), undone: stack.undone.map((s) => renamedStep(s, from, to)) };
}

/** How a step names a block: its type, and its title when it has one ("Chart 'Revenue'"). */
export function blockLabel(config: Settings): string {
  const type = blockTypeName(String(config.type));
  return typeof config.title === 'string' && config.title.trim() ? `${type} '${config.title.trim()}'` : type;
}
