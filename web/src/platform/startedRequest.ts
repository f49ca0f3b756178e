// A request the page starts as it loads, before React renders (issue 31: the screen's data is
// asked for beside the download of the screen's code, not once that code has run), and the
// screen that would have made it takes the answer instead.

export interface StartedRequest<T> {
  /** Starts `ask` for `key`, in place of any request started before. */
  start(key: string, ask: () => Promise<T>): void;
  /** The answer started for `key`, once: later loads ask afresh. */
  take(key: string): Promise<T> | undefined;
}

export function startedRequest<T>(): StartedRequest<T> {
  let started: { key: string; answer: Promise<T> } | null = null;
  return {
    start(key, ask) {
      const answer = ask();
      // The screen that takes it shows a failure; until then it is not an unhandled rejection.
      answer.catch(() => undefined);
      started = { key, answer };
    },
    take(key) {
      if (started?.key !== key) return undefined;
      const { answer } = started;
      started = null;
      return answer;
    },
  };
}
