// Setting paths as the block catalogue names them (`axis[0].column`, `conditional_filter.condition`)
// and reads along them. Writes go through the core (`blockSet`), which applies the editing rules.

export type Step = string | number;

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
