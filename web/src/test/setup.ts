import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
// jsdom has no IndexedDB; the offline store (platform/offlineStore) runs on this in-memory one.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';

// Every zustand store starts from its initial state in each test (see __mocks__/zustand.ts).
vi.mock('zustand');

// jsdom has no ResizeObserver; the chart view observes its host's size.
if (!('ResizeObserver' in globalThis)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver = ResizeObserverStub;
}

// Route screens are lazy chunks; the first import of one in a test file can take over a second.
configure({ asyncUtilTimeout: 5000 });

// Each test starts with an empty device: nothing kept offline, nothing in the outbox, no session
// remembered (sessionStore's SESSION_HINT_KEY).
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  localStorage.clear();
});
