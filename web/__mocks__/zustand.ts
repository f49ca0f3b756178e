// Resets every zustand store after each test (zustand docs, guides/testing: "Vitest").
// Picked up by `vi.mock('zustand')` in src/test/setup.ts.
import { act } from '@testing-library/react';
import type * as ZustandExportedTypes from 'zustand';

export * from 'zustand';

const { create: actualCreate, createStore: actualCreateStore } = await vi.importActual<typeof ZustandExportedTypes>('zustand');

export const storeResetFns = new Set<() => void>();

const createUncurried = <T>(stateCreator: ZustandExportedTypes.StateCreator<T>) => {
  const store = actualCreate(stateCreator);
  const initialState = store.getInitialState();
  storeResetFns.add(() => {
    store.setState(initialState, true);
  });
  return store;
};

export const create = (<T>(stateCreator: ZustandExportedTypes.StateCreator<T>) =>
  typeof stateCreator === 'function' ? createUncurried(stateCreator) : createUncurried) as typeof ZustandExportedTypes.create;

const createStoreUncurried = <T>(stateCreator: ZustandExportedTypes.StateCreator<T>) => {
  const store = actualCreateStore(stateCreator);
  const initialState = store.getInitialState();
  storeResetFns.add(() => {
    store.setState(initialState, true);
  });
  return store;
};

export const createStore = (<T>(stateCreator: ZustandExportedTypes.StateCreator<T>) =>
  typeof stateCreator === 'function' ? createStoreUncurried(stateCreator) : createStoreUncurried) as typeof ZustandExportedTypes.createStore;

const resetAll = () => {
  act(() => {
    storeResetFns.forEach((resetFn) => {
      resetFn();
    });
  });
};

afterEach(resetAll);
// Again before each test: the reset above can run while the last test's screens are still
// mounted, and a screen that sees the session back at 'idle' loads it again; when that load's
// fetch (no longer mocked) fails, 'guest' would carry into the next test, which then never loads
// its own session and shows the log-in page.
beforeEach(resetAll);
