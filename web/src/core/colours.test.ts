import { isLightColour, textOn } from './colours';

describe('colour contrast (platform §9: light above luminance 105)', () => {
  it('reads #RGB, #RRGGBB and #RRGGBBAA', () => {
    expect(isLightColour('#FAFAFA')).toBe(true);
    expect(isLightColour('#fff')).toBe(true);
    expect(isLightColour('#161819ff')).toBe(false);
    expect(isLightColour('#696969')).toBe(false);
    expect(isLightColour('#6b6b6b')).toBe(true);
  });

  it('puts black text on light colours and white text on dark ones, as the core does', () => {
    expect(textOn('#161819')).toBe('#FFFFFF');
    expect(textOn('#f1eced')).toBe('#000000');
    expect(textOn('rgb(229, 23, 202)')).toBe('#FFFFFF');
    expect(textOn('#e517ca')).toBe('#FFFFFF');
    expect(textOn('white')).toBe('#FFFFFF');
  });
});
