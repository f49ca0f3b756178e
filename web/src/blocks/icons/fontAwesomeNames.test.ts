import { describe, expect, it } from 'vitest';
import { kebabName, parseIconName } from './fontAwesomeNames';
import { findNamedIcon } from './namedIcons';

describe('Font Awesome names as owners type them', () => {
  it.each([
    ['star', 'star', false],
    ['fa-star', 'star', false],
    ['fas fa-star', 'star', false],
    ['fa-solid fa-star fa-2x', 'star', false],
    ['fa fa-info-circle', 'info-circle', false],
    ['fab fa-facebook', 'facebook', true],
    ['fa-brands fa-linkedin', 'linkedin', true],
    ['faCircleInfo', 'circle-info', false],
    ['  FA-STAR  ', 'star', false],
  ])('%s names %s', (snippet, name, brands) => {
    expect(parseIconName(snippet)).toEqual({ name, brands });
  });

  it('refuses snippets that name no icon', () => {
    expect(parseIconName('fas fa-2x')).toBeNull();
    expect(parseIconName('<script>')).toBeNull();
    expect(parseIconName('')).toBeNull();
  });

  it('turns export names into icon names', () => {
    expect(kebabName('faCircleInfo')).toBe('circle-info');
    expect(kebabName('fa500px')).toBe('500px');
    expect(kebabName('faH1')).toBe('h-1');
  });

  it('finds solid icons, their older names and brand icons', async () => {
    expect((await findNamedIcon('fa-star'))?.iconName).toBe('star');
    expect((await findNamedIcon('fa fa-info-circle'))?.iconName).toBe('circle-info');
    expect((await findNamedIcon('fab fa-facebook'))?.prefix).toBe('fab');
    expect(await findNamedIcon('fa-no-such-icon-here')).toBeNull();
  });
});
