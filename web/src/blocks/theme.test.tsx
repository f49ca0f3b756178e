import { render, screen } from '@testing-library/react';
import { buttonStyle } from './frameStyle';
import { DEFAULT_THEME, lookColour, themeOf, themeRoot, ThemeProvider, useTheme } from './theme';

describe('the board and app theme (issue 47)', () => {
  it('defaults to the spec button colour, light, and reads what a state sets', () => {
    expect(themeOf({})).toEqual({ accent: '#4f46E5', look: 'light', palette: [] });
    expect(themeOf({ accent_color: ' #0f766e ', look: 'dark', palette: ['#111111', 7, ''] })).toEqual({
      accent: '#0f766e',
      look: 'dark',
      palette: ['#111111'],
    });
    expect(themeOf({ look: 'sepia' }).look).toBe('light');
  });

  it('sets the accent, its readable text by the core contrast rule and the link colour on the root', () => {
    const indigo = themeRoot(DEFAULT_THEME);
    expect(indigo.className).toBe('look-light');
    expect(indigo.style).toEqual({ '--accent': '#4f46E5', '--accent-text': '#FFFFFF', '--link': '#4f46E5' });
    // A light accent takes black text; as a link it would be unreadable on a light page.
    const yellow = themeRoot({ accent: '#facc15', look: 'light', palette: [] });
    expect(yellow.style).toEqual({ '--accent': '#facc15', '--accent-text': '#000000', '--link': 'inherit' });
    // On the dark look it is the other way round.
    expect(themeRoot({ accent: '#facc15', look: 'dark', palette: [] }).style).toMatchObject({ '--link': '#facc15' });
    expect(themeRoot({ accent: '#4f46E5', look: 'dark', palette: [] })).toMatchObject({ className: 'look-dark', style: { '--link': 'inherit' } });
  });

  it('lets the dark look stand in for the spec light defaults but never for a colour the owner chose', () => {
    const dark = { ...DEFAULT_THEME, look: 'dark' as const };
    expect(lookColour(dark, '#fafafa', '#FAFAFA')).toBeUndefined();
    expect(lookColour(dark, '#203040', '#FAFAFA')).toBe('#203040');
    expect(lookColour(DEFAULT_THEME, '#FAFAFA', '#FAFAFA')).toBe('#FAFAFA');
  });

  it('gives blocks the theme of their board', () => {
    function Accent() {
      return <p>{useTheme().accent}</p>;
    }
    render(
      <ThemeProvider value={themeOf({ accent_color: '#0f766e' })}>
        <Accent />
      </ThemeProvider>,
    );
    expect(screen.getByText('#0f766e')).toBeInTheDocument();
  });
});

describe('buttonStyle', () => {
  it('takes the accent while the colour is unset or the catalogue default, whatever its case', () => {
    for (const colour of [undefined, '', '  ', '#4f46E5', '#4F46E5']) {
      expect(buttonStyle(colour, undefined)).toEqual({ backgroundColor: 'var(--accent)', borderColor: 'var(--accent)', color: 'var(--accent-text)' });
    }
  });

  it("keeps a block's own colour, with readable text unless it sets its own", () => {
    expect(buttonStyle('#fef08a', undefined)).toEqual({ backgroundColor: '#fef08a', borderColor: '#fef08a', color: '#000000' });
    expect(buttonStyle('#14532d', '')).toMatchObject({ color: '#FFFFFF' });
    expect(buttonStyle(undefined, '#ff0000')).toMatchObject({ backgroundColor: 'var(--accent)', color: '#ff0000' });
  });
});
