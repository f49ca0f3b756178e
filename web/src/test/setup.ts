import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

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
