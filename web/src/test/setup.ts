import '@testing-library/jest-dom/vitest';

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
