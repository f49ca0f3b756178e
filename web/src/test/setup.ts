import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
// jsdom has no IndexedDB; the offline store (platform/offlineStore) runs on this in-memory one.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { XhrOverFetch } from './xhrOverFetch';

// Uploads go through XMLHttpRequest for their progress; tests answer them with mockFetch.
globalThis.XMLHttpRequest = XhrOverFetch as unknown as typeof XMLHttpRequest;

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

// jsdom has no canvas: getContext answers null and ECharts then throws ("reading 'clearRect'")
// into the error boundary whenever its lazy chunk lands before a test ends. Tests read charts
// through their accessible table, never pixels, so it draws into a context that does nothing.
function inertContext(): unknown {
  const inert: object = new Proxy(() => inert, {
    get: (_, key) => (key === 'measureText' ? (text: string) => ({ width: String(text).length * 6 }) : inert),
    set: () => true,
    apply: () => inert,
  });
  return inert;
}
HTMLCanvasElement.prototype.getContext = inertContext as unknown as HTMLCanvasElement['getContext'];

// Route screens are lazy chunks; the first import of one in a test file can take over a second.
configure({ asyncUtilTimeout: 5000 });

// Each test starts with an empty device: nothing kept offline, nothing in the outbox, no session
// remembered (sessionStore's SESSION_HINT_KEY).
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  localStorage.clear();
});
