import { afterFirstContentfulPaint } from './afterFirstPaint';

type Listener = (list: { getEntriesByName: (name: string) => unknown[] }) => void;

/** A browser's paint timing, reported when the test says so. */
function paintTiming(painted: string[]) {
  const listeners: Listener[] = [];
  class FakeObserver {
    static supportedEntryTypes = ['paint'];
    constructor(private listener: Listener) {}
    observe() {
      listeners.push(this.listener);
    }
    disconnect() {
      listeners.splice(listeners.indexOf(this.listener), 1);
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  vi.spyOn(performance, 'getEntriesByName').mockImplementation((name: string) => (painted.includes(name) ? [{ name } as PerformanceEntry] : []));
  return (name: string) => {
    painted.push(name);
    for (const listener of [...listeners]) listener({ getEntriesByName: (n) => (n === name ? [{ name }] : []) });
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('work held back until the first contentful paint', () => {
  it('waits for the first contentful paint, not the first paint, and runs once', () => {
    const report = paintTiming([]);
    const task = vi.fn();
    afterFirstContentfulPaint(task);
    report('first-paint');
    expect(task).not.toHaveBeenCalled();
    report('first-contentful-paint');
    report('first-contentful-paint');
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs at once when the page has painted already', () => {
    paintTiming(['first-paint', 'first-contentful-paint']);
    const task = vi.fn();
    afterFirstContentfulPaint(task);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('waits two frames where paint timing is not reported', () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('PerformanceObserver', undefined);
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    const task = vi.fn();
    afterFirstContentfulPaint(task);
    frames.shift()?.(0);
    vi.runAllTimers();
    expect(task).not.toHaveBeenCalled();
    frames.shift()?.(16);
    vi.runAllTimers();
    expect(task).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});
