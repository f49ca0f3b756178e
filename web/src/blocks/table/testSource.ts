// Test helpers of the table, list and row-action tests: a fake BlockSource (no network) whose
// methods are spies, and rows answers built from a few records.
import { vi } from 'vitest';
import type { BoardBlock } from '../../generated/api';
import { useToastStore } from '../../store/toastStore';
import { fakeBlockSource } from '../../test/fakeBlockSource';
import type { BlockPermissions, BlockRows, BlockSource, RowsQuery } from '../data/types';

export const ALL_PERMISSIONS: BlockPermissions = { append: true, edit_columns: ['Name', 'City'], delete: true, duplicate: true, actions: true };
export const NO_PERMISSIONS: BlockPermissions = { append: false, edit_columns: [], delete: false, duplicate: false, actions: false };

export const RECORDS = [
  { 'ChartApps Record ID': 'r1', Name: 'Ada', City: 'London', Email: 'ada@example.com' },
  { 'ChartApps Record ID': 'r2', Name: 'Grace', City: 'New York', Email: 'grace@example.com' },
];

/** A rows answer: every record on one page unless told otherwise. */
export function answer(overrides: Partial<BlockRows> = {}): BlockRows {
  const rows = overrides.rows ?? RECORDS;
  return {
    columns: overrides.columns ?? Object.keys(rows[0] ?? {}),
    rows,
    total: rows.length,
    page: 1,
    page_count: 1,
    version: 1,
    permissions: NO_PERMISSIONS,
    ...overrides,
  };
}

/** A BlockSource whose calls are recorded; `rows` answers `rows` (or a function of the query); `overrides` must be vi.fn spies. */
export function fakeSource(rows: BlockRows | ((block: BoardBlock, query: RowsQuery) => BlockRows) = answer(), overrides: Partial<BlockSource> = {}) {
  const base = fakeBlockSource({
    filterSummary: ['Region = North'],
    rows: vi.fn(async (block: BoardBlock, query: RowsQuery) => (typeof rows === 'function' ? rows(block, query) : rows)),
    csvUrl: vi.fn((block: BoardBlock) => `/api/board/s1/sheet/${block.sheet_title}/export.csv?block=${block.id}`),
    appendRow: vi.fn(async () => ({ record_id: 'r9', message: 'Data added to the spreadsheet' })),
    editRow: vi.fn(async () => undefined),
    deleteRow: vi.fn(async () => undefined),
    duplicateRow: vi.fn(async () => undefined),
    runAction: vi.fn(async () => ({ ok: true, message: 'Sent' })),
    upload: vi.fn(async () => '/api/uploads/abc-123'),
    pageHref: vi.fn((page: string) => `/board/${page}`),
  });
  // Overrides are spies too (vi.fn), so the spies' type stays.
  return { ...base, ...overrides } as typeof base;
}

/** The texts of the toasts shown so far. */
export function toastTexts(): string[] {
  return useToastStore.getState().toasts.map((toast) => [toast.title, toast.text].filter(Boolean).join(' — '));
}
