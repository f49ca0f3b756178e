import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// Cascade of the app's own stylesheets for tests. Vitest leaves CSS imports empty and jsdom's
// getComputedStyle resolves no theme variables, so a test that must see a control's colours
// reads the sheets' rules itself.

/** The rules of `src/` stylesheets (tests run in web/), in the order given. */
function rulesOf(sheets: readonly string[]): CSSStyleRule[] {
  return sheets.flatMap((path) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(readFileSync(join(process.cwd(), 'src', path), 'utf8'));
    return [...sheet.cssRules].filter((rule): rule is CSSStyleRule => rule instanceof CSSStyleRule);
  });
}

/** How many ids, classes (attributes, pseudo-classes) and types a selector counts; :where() counts nothing. */
function specificity(selector: string): number {
  const counted = selector.replace(/:where\([^)]*\)/g, '').replace(/::[\w-]+/g, '');
  const ids = counted.match(/#[\w-]+/g)?.length ?? 0;
  const classes = counted.match(/\.[\w-]+|\[[^\]]*\]|:[\w-]+/g)?.length ?? 0;
  const types = counted.replace(/#[\w-]+|\.[\w-]+|\[[^\]]*\]|:[\w-]+(\([^)]*\))?/g, ' ').match(/[a-z][\w-]*/gi)?.length ?? 0;
  return ids * 10_000 + classes * 100 + types;
}

/** A selector list's selectors: split at the commas outside parentheses. */
function selectors(list: string): string[] {
  const found: string[] = [];
  let depth = 0;
  let start = 0;
  [...list].forEach((char, at) => {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (char === ',' && depth === 0) {
      found.push(list.slice(start, at).trim());
      start = at + 1;
    }
  });
  return [...found, list.slice(start).trim()];
}

/**
 * What `styles.css` (then `more` sheets under src/) gives `element` at rest (no hover or focus)
 * for `property`: the cascade by specificity then order, `var()` and `inherit` resolved, a
 * colour written as the CSSOM writes it (`rgb(67, 70, 77)`).
 */
export function styled(element: Element, property: string, more: readonly string[] = []): string {
  const rules = rulesOf(['styles.css', ...more]);
  const root = rules.find((rule) => rule.selectorText === ':root');
  const resolve = (value: string): string => value.replace(/var\((--[\w-]+)\)/g, (_, name: string) => root?.style.getPropertyValue(name).trim() ?? '');
  let best: { rank: number; value: string } | null = null;
  rules.forEach((rule, order) => {
    const value = rule.style.getPropertyValue(property) || (property === 'background-color' ? rule.style.getPropertyValue('background') : '');
    if (!value) return;
    for (const selector of selectors(rule.selectorText)) {
      if (!selector.includes(':hover') && !selector.includes(':focus') && element.matches(selector)) {
        const rank = specificity(selector) * 1000 + order;
        if (!best || rank > best.rank) best = { rank, value: value.trim() };
      }
    }
  });
  const value = (best as { value: string } | null)?.value;
  const inherits = property === 'color';
  if (value === 'inherit' || (!value && inherits)) return element.parentElement ? styled(element.parentElement, property, more) : '';
  return value ? asColour(resolve(value)) : '';
}

/** `value` as the CSSOM writes a colour: `rgb(67, 70, 77)` for `#43464d`. */
function asColour(value: string): string {
  const probe = document.createElement('i');
  probe.style.color = value;
  return probe.style.color || value;
}
