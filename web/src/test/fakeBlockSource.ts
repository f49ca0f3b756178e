// A BlockSource for block tests: no network, every method a spy. A block that calls something the
// test did not answer gets a rejected promise naming the call, so a missing answer fails loudly.
import { vi } from 'vitest';
import type { BoardBlock } from '../generated/api';
import type { ActionResult, BlockRows, BlockSource, BlockView, RowsQuery, RowValues } from '../blocks/data/types';

const unanswered = (name: string) => () => Promise.reject(new Error(`the test gave no answer to ${name}`));

export function fakeBlockSource<O extends Partial<BlockSource>>(overrides: O = {} as O) {
  const base = {
    key: 'test',
    hasSpreadsheet: true,
    narrowed: false,
    filterSummary: [] as string[],
    rows: vi.fn<(block: BoardBlock, query: RowsQuery, signal?: AbortSignal) => Promise<BlockRows>>(unanswered('rows')),
    view: vi.fn<(block: BoardBlock, extra: Record<string, string>, signal?: AbortSignal) => Promise<BlockView>>(unanswered('view')),
    csvUrl: vi.fn((block: BoardBlock) => `/export/${block.id}.csv`),
    appendRow: vi.fn<(block: BoardBlock, values: RowValues) => Promise<{ record_id: string; message: string }>>(unanswered('appendRow')),
    editRow: vi.fn<(block: BoardBlock, recordId: string, values: RowValues) => Promise<void>>(unanswered('editRow')),
    deleteRow: vi.fn<(block: BoardBlock, recordId: string) => Promise<void>>(unanswered('deleteRow')),
    duplicateRow: vi.fn<(block: BoardBlock, recordId: string) => Promise<void>>(unanswered('duplicateRow')),
    runAction: vi.fn<(block: BoardBlock, index: number, recordId: string) => Promise<ActionResult>>(unanswered('runAction')),
    upload: vi.fn<(block: BoardBlock, file: File, column?: string) => Promise<string>>(unanswered('upload')),
    pageHref: vi.fn((page: string) => `/${page}`),
  } satisfies BlockSource;
  return { ...base, ...overrides };
}
