// How a WASM module is loaded: once per page, shared by every caller, and a failed attempt (a
// network error, say) forgotten so that the next call tries again instead of failing for ever.

/** `load` run at most once at a time and once successfully; every caller gets the same answer. */
export function sharedLoad<Args extends unknown[], T>(load: (...args: Args) => Promise<T>): (...args: Args) => Promise<T> {
  let ready: Promise<T> | undefined;
  return (...args) => {
    if (!ready) {
      const attempt = load(...args);
      attempt.catch(() => {
        if (ready === attempt) ready = undefined;
      });
      ready = attempt;
    }
    return ready;
  };
}
