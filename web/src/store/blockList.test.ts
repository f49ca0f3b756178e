import {
  addToBoard,
  addToPage,
  arrangeBlocks,
  moveId,
  blockToEdit,
  isLocalId,
  newLocalId,
  newTemporaryBlock,
  removeBlock,
  replaceBlock,
  withoutLocalDrafts,
  type Block,
} from './blockList';

const b = (id: string, extra: Partial<Block> = {}): Block => ({ id, type: 'chart', ...extra });

describe('block list rules', () => {
  it('a new temporary block gets a generated id and temp_block true over its defaults', () => {
    const block = newTemporaryBlock('table', { rows_per_page: 10, id: 'from-defaults' }, () => 'gen-1');
    expect(block).toEqual({ id: 'gen-1', type: 'table', temp_block: true, rows_per_page: 10 });
  });

  it('generates a different id for each new block by default', () => {
    const ids = new Set([newTemporaryBlock('chart').id, newTemporaryBlock('chart').id]);
    expect(ids.size).toBe(2);
  });

  it('a picked type is edited as a new temporary block', () => {
    expect(blockToEdit('markdown', {}, () => 'gen-2')).toEqual({ id: 'gen-2', type: 'markdown', temp_block: true });
  });

  it('an existing block is edited as it is', () => {
    const existing = b('b7', { title: 'Sales' });
    expect(blockToEdit(existing)).toBe(existing);
  });

  it('adding to a board appends', () => {
    expect(addToBoard([b('1'), b('2')], b('3')).map((x) => x.id)).toEqual(['1', '2', '3']);
    expect(addToBoard([], b('1')).map((x) => x.id)).toEqual(['1']);
  });

  it('adding to a page inserts before the last block', () => {
    expect(addToPage([b('header'), b('body'), b('footer')], b('new')).map((x) => x.id)).toEqual(['header', 'body', 'new', 'footer']);
    expect(addToPage([b('only')], b('new')).map((x) => x.id)).toEqual(['new', 'only']);
  });

  it('adding to an empty page appends', () => {
    expect(addToPage([], b('new')).map((x) => x.id)).toEqual(['new']);
  });

  it('removes by id', () => {
    expect(removeBlock([b('1'), b('2'), b('3')], '2').map((x) => x.id)).toEqual(['1', '3']);
    expect(removeBlock([b('1')], 'missing').map((x) => x.id)).toEqual(['1']);
  });

  it('replaces by id in place', () => {
    const replaced = replaceBlock([b('1'), b('2', { title: 'old' }), b('3')], b('2', { title: 'new' }));
    expect(replaced.map((x) => [x.id, x.title])).toEqual([
      ['1', undefined],
      ['2', 'new'],
      ['3', undefined],
    ]);
    expect(replaceBlock([b('1')], b('9')).map((x) => x.id)).toEqual(['1']);
  });

  it('puts a block the server created in the place of its local draft', () => {
    const local = newLocalId();
    expect(isLocalId(local)).toBe(true);
    expect(isLocalId('0b6c3f0e-61a4-4a51-9d6e-0f1f5b0c2a11')).toBe(false);
    const replaced = replaceBlock([b('1'), b(local, { title: 'draft' }), b('3')], b('k9', { title: 'stored' }), local);
    expect(replaced.map((x) => [x.id, x.title])).toEqual([
      ['1', undefined],
      ['k9', 'stored'],
      ['3', undefined],
    ]);
  });

  it('keeps out of a copy only the local drafts never saved', () => {
    const picked = b(newLocalId(), { temp_block: true });
    const savedOffline = b(newLocalId());
    expect(withoutLocalDrafts([b('1', { temp_block: true }), picked, savedOffline])).toEqual([b('1', { temp_block: true }), savedOffline]);
  });

  it('never changes the list it is given', () => {
    const blocks = Object.freeze([b('1'), b('2')]);
    addToBoard(blocks, b('3'));
    addToPage(blocks, b('3'));
    removeBlock(blocks, '1');
    replaceBlock(blocks, b('1', { title: 't' }));
    expect(blocks.map((x) => x.id)).toEqual(['1', '2']);
  });
});

describe('arranging blocks', () => {
  const list = [b('a'), b('b'), b('c'), b('d')];

  it('puts the named blocks in the new order in the places they held, the others staying put', () => {
    expect(arrangeBlocks(list, ['d', 'a', 'b', 'c']).map((x) => x.id)).toEqual(['d', 'a', 'b', 'c']);
    // One section's blocks (b and d) swap; a and c keep their places.
    expect(arrangeBlocks(list, ['d', 'b']).map((x) => x.id)).toEqual(['a', 'd', 'c', 'b']);
    expect(arrangeBlocks(list, ['gone', 'b']).map((x) => x.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('moves an id to a place, clamped to the list', () => {
    expect(moveId(['a', 'b', 'c'], 'a', 1)).toEqual(['b', 'a', 'c']);
    expect(moveId(['a', 'b', 'c'], 'c', -1)).toEqual(['c', 'a', 'b']);
    expect(moveId(['a', 'b', 'c'], 'a', 9)).toEqual(['b', 'c', 'a']);
    expect(moveId(['a', 'b'], 'x', 0)).toEqual(['a', 'b']);
  });
});
