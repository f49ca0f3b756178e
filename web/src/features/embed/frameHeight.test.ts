import { HEIGHT_MESSAGE, reportFrameHeight } from './frameHeight';

/** A window in a frame whose document is `height()` tall, and the resize callback it observes. */
function framedWindow(height: () => number) {
  const postMessage = vi.fn();
  let onResize: () => void = () => {};
  const disconnect = vi.fn();
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: () => void) {
        onResize = callback;
      }
      observe() {}
      disconnect = disconnect;
    },
  );
  const win = {
    parent: { postMessage },
    document: { documentElement: { getBoundingClientRect: () => ({ height: height() }) } },
  } as unknown as Window;
  return { win, postMessage, resize: () => onResize(), disconnect };
}

afterEach(() => vi.unstubAllGlobals());

describe('reportFrameHeight', () => {
  it('tells the parent the height at once and again whenever it changes, rounded up', () => {
    let height = 420.2;
    const { win, postMessage, resize } = framedWindow(() => height);
    reportFrameHeight(win);
    expect(postMessage).toHaveBeenLastCalledWith({ type: HEIGHT_MESSAGE, height: 421 }, '*');
    height = 980;
    resize();
    expect(postMessage).toHaveBeenLastCalledWith({ type: HEIGHT_MESSAGE, height: 980 }, '*');
    resize();
    expect(postMessage).toHaveBeenCalledTimes(2);
  });

  it('stops when asked, and says nothing when the page is not in a frame', () => {
    const { win, disconnect } = framedWindow(() => 10);
    reportFrameHeight(win)();
    expect(disconnect).toHaveBeenCalled();

    const alone = { document: {} } as unknown as Window & { parent: Window };
    alone.parent = alone;
    expect(() => reportFrameHeight(alone)()).not.toThrow();
  });
});
