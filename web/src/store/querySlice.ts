import type { StateCreator } from 'zustand';
import type { Condition, Filter, Sort } from '../generated/core';
import type { PreviewState } from './previewStore';
import { DEFAULT_ROWS_PER_PAGE } from '../generated/blockCapabilities';

/** spec §9: default rows per page, the catalogue's (and the core's sheet query's) one default. */
export { DEFAULT_ROWS_PER_PAGE };

export interface NewFilter {
  column: string;
  condition: Condition;
  value: string | string[];
  active?: boolean;
}

export interface QuerySlice {
  /** Comma-separated search terms, passed to the core as typed. */
  search: string;
  filters: Filter[];
  sort: Sort | null;
  page: number;
  rowsPerPage: number;
  setSearch: (search: string) => void;
  /** Adds a filter named after its column (made unique) and returns that name. */
  addFilter: (filter: NewFilter) => string;
  toggleFilter: (name: string) => void;
  removeFilter: (name: string) => void;
  /** Cycles a column through ascending, descending and unsorted. */
  toggleSort: (column: string) => void;
  setPage: (page: number) => void;
  resetQuery: () => void;
}

const initialQuery = {
  search: '',
  filters: [] as Filter[],
  sort: null as Sort | null,
  page: 1,
  rowsPerPage: DEFAULT_ROWS_PER_PAGE,
};

function uniqueName(base: string, taken: Filter[]): string {
  const names = new Set(taken.map((f) => f.name));
  if (!names.has(base)) return base;
  let n = 2;
  while (names.has(`${base} ${n}`)) n++;
  return `${base} ${n}`;
}

// Any change to what matches sends the reader back to the first page, where the results start.
export const createQuerySlice: StateCreator<PreviewState, [], [], QuerySlice> = (set, get) => ({
  ...initialQuery,

  setSearch: (search) => set({ search, page: 1 }),

  addFilter: ({ column, condition, value, active = true }) => {
    const name = uniqueName(column, get().filters);
    const filter: Filter = {
      name,
      active,
      condition,
      sheet_column: { sheet: get().sheetName, column },
      value,
    };
    set((s) => ({ filters: [...s.filters, filter], page: 1 }));
    return name;
  },

  toggleFilter: (name) =>
    set((s) => ({
      filters: s.filters.map((f) => (f.name === name ? { ...f, active: !f.active } : f)),
      page: 1,
    })),

  removeFilter: (name) => set((s) => ({ filters: s.filters.filter((f) => f.name !== name), page: 1 })),

  toggleSort: (column) =>
    set((s) => {
      if (s.sort?.column !== column) return { sort: { column, direction: 'Ascending' } };
      if (s.sort.direction === 'Ascending') return { sort: { column, direction: 'Descending' } };
      return { sort: null };
    }),

  setPage: (page) => set({ page: Math.max(1, Math.floor(page)) }),

  resetQuery: () => set({ ...initialQuery }),
});
