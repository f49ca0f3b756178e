import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The theme's text colours must read at WCAG AA (4.5:1) on every surface the product paints
// them on; the end-to-end axe run finds the screens that break it, this finds the token first.

/** The style rules of styles.css. */
function rules(): CSSStyleRule[] {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(readFileSync(join(process.cwd(), 'src', 'styles.css'), 'utf8'));
  return [...sheet.cssRules].filter((rule): rule is CSSStyleRule => rule instanceof CSSStyleRule);
}

/** The custom properties of styles.css's :root, by name. */
function themeTokens(): Map<string, string> {
  const root = rules().find((rule) => rule.selectorText === ':root');
  if (!root) throw new Error('styles.css has no :root rule');
  const tokens = new Map<string, string>();
  for (const name of root.style) if (name.startsWith('--')) tokens.set(name, root.style.getPropertyValue(name).trim());
  return tokens;
}

/** WCAG 2's relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

describe('the theme of styles.css', () => {
  const tokens = themeTokens();
  const colour = (name: string) => {
    const value = tokens.get(name) ?? '';
    expect(value, name).toMatch(/^#[0-9a-f]{6}$/i);
    return value;
  };
  const surfaces = { white: '#ffffff', '--board-background': colour('--board-background'), '--soft': colour('--soft') };

  it('keeps the spec’s theme colours', () => {
    expect([colour('--ink'), colour('--accent'), colour('--soft')]).toEqual(['#43464d', '#d81f52', '#f1eced']);
  });

  it.each(['--ink', '--muted', '--link'])('%s text reads at 4.5:1 or more on white, the board grey and --soft', (name) => {
    for (const [surface, background] of Object.entries(surfaces)) {
      expect(contrast(colour(name), background), `${name} on ${surface}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('gives text links one colour, --link, the log-in form’s links included', () => {
    const linkColours = rules()
      .filter((rule) => /(^|[\s>])a(:where|$)|\.form-link/.test(rule.selectorText) && rule.style.getPropertyValue('color'))
      .map((rule) => [rule.selectorText, rule.style.getPropertyValue('color').trim()]);
    expect(linkColours.length).toBeGreaterThan(1);
    for (const [selector, value] of linkColours) expect(value, selector).toBe('var(--link)');
  });

  it('white text reads at 4.5:1 on the accent (primary buttons) and the ink (top bars)', () => {
    expect(contrast('#ffffff', colour('--accent'))).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#ffffff', colour('--ink'))).toBeGreaterThanOrEqual(4.5);
  });
});
