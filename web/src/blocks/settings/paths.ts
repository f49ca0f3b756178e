// Setting paths as the block catalogue names them (`axis[0].column`, `conditional_filter.condition`)
// and immutable reads and writes of a block config along them, so the editor's state can go to
// React (and to the WASM validator) as it is.

export type Step = string | number;
type Json = Record<string, unknown>;

/** The path text of the catalogue for steps: keys joined by dots, an item index in brackets. */
export function pathText(steps: readonly Step[]): string {
  return steps.reduce<string>((text, step) => (typeof step === 'number' ? `${text}[${step}]` : text ? `${text}.${step}` : step), '');
}

export function getAt(value: unknown, steps: readonly Step[]): unknown {
  let current = value;
  for (const step of steps) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<Step, unknown>)[step];
  }
  return current;
}

/**
 * `value` with the setting at `steps` replaced; `undefined` removes it, so a cleared input reads
 * as absent (the setting's default) rather than as an empty value the validator would judge.
 */
export function setAt<T>(value: T, steps: readonly Step[], next: unknown): T {
  if (steps.length === 0) return next as T;
  const [step, ...rest] = steps;
  if (typeof step === 'number') {
    const list = Array.isArray(value) ? [...(value as unknown[])] : [];
    list[step] = setAt(list[step], rest, next);
    return list as T;
  }
  const object: Json = value !== null && typeof value === 'object' && !Array.isArray(value) ? { ...(value as Json) } : {};
  const inner = setAt(object[step], rest, next);
  if (inner === undefined) delete object[step];
  else object[step] = inner;
  return object as T;
}
