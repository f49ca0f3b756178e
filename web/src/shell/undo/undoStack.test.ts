// The undo stack as data: steps come off in the order they were made, a redo puts them back, a
// new edit forgets what was undone, and a block created again is found under its new id.
import { blockLabel, EMPTY_STACK, MOST_STEPS, nextStep, performed, recorded, renamed, type UndoStack, type UndoStep } from './undoStack';

const edit = (title: string, before: string): UndoStep => ({
  kind: 'edit',
  label: `edit of Chart '${title}'`,
  blockId: 'k1',
  before: { type: 'chart', title: before },
  after: { type: 'chart', title },
});

/** Performs the next step in `direction` (as useUndoRedo does once its save went through) and answers it with the stack. */
function perform(stack: UndoStack, direction: 'undo' | 'redo'): [UndoStep | undefined, UndoStack] {
  const step = nextStep(stack, direction);
  return [step, step ? performed(stack, direction, step) : stack];
}

describe('the undo stack', () => {
  const first = edit('One', 'Start');
  const second = edit('Two', 'One');
  const third = edit('Three', 'Two');
  const three = [first, second, third].reduce(recorded, EMPTY_STACK);

  it('undoes three edits newest first, then has nothing left to undo', () => {
    let stack = three;
    const undone: (UndoStep | undefined)[] = [];
    for (let i = 0; i < 4; i++) {
      const [step, next] = perform(stack, 'undo');
      undone.push(step);
      stack = next;
    }
    expect(undone).toEqual([third, second, first, undefined]);
    expect(stack).toEqual({ done: [], undone: [third, second, first] });
  });

  it('redoes what was undone, oldest undo last', () => {
    let [, stack] = perform(three, 'undo');
    [, stack] = perform(stack, 'undo');
    expect(nextStep(stack, 'redo')).toBe(second);
    const [redone, after] = perform(stack, 'redo');
    expect(redone).toBe(second);
    expect(after).toEqual({ done: [first, second], undone: [third] });
    expect(nextStep(after, 'undo')).toBe(second);
  });

  it('forgets what was undone once a new edit is made', () => {
    const [, stack] = perform(three, 'undo');
    expect(nextStep(stack, 'redo')).toBe(third);
    const other = edit('Other', 'Two');
    const after = recorded(stack, other);
    expect(nextStep(after, 'redo')).toBeUndefined();
    expect(after.done).toEqual([first, second, other]);
  });

  it('keeps the newest steps only', () => {
    const many = Array.from({ length: MOST_STEPS + 5 }, (_, i) => edit(`T${i}`, `T${i - 1}`)).reduce(recorded, EMPTY_STACK);
    expect(many.done).toHaveLength(MOST_STEPS);
    expect(many.done[0].label).toBe("edit of Chart 'T5'");
  });

  it('names a block deleted and created again by its new id, on both sides of the stack', () => {
    const deleted: UndoStep = { kind: 'delete', label: "deletion of Chart 'Revenue'", blockId: 'k1', config: { type: 'chart', title: 'Revenue' }, index: 1 };
    const moved: UndoStep = { kind: 'order', label: 'block move', before: ['k1', 'k2'], after: ['k2', 'k1'] };
    let stack = [edit('Revenue', 'Sales'), moved, deleted].reduce(recorded, EMPTY_STACK);
    // Undoing the delete created the block again as n9.
    stack = renamed(performed(stack, 'undo', deleted), 'k1', 'n9');
    expect(nextStep(stack, 'redo')).toEqual({ ...deleted, blockId: 'n9' });
    expect(nextStep(stack, 'undo')).toEqual({ ...moved, before: ['n9', 'k2'], after: ['k2', 'n9'] });
    expect(stack.done[0]).toMatchObject({ kind: 'edit', blockId: 'n9' });
    expect(renamed(stack, 'n9', 'n9')).toBe(stack);
  });

  it('keeps the place an add was undone from, for its redo', () => {
    const added: UndoStep = { kind: 'add', label: "addition of Chart 'Revenue'", blockId: 'k3', config: { type: 'chart', title: 'Revenue' } };
    const stack = performed(recorded(EMPTY_STACK, added), 'undo', { ...added, index: 2 });
    expect(nextStep(stack, 'redo')).toEqual({ ...added, index: 2 });
  });
});

describe('a block’s name in a step', () => {
  it('is its type and its title, or its type alone', () => {
    expect(blockLabel({ type: 'chart', title: ' Revenue ' })).toBe("Chart 'Revenue'");
    expect(blockLabel({ type: 'chart', title: '' })).toBe('Chart');
  });
});
