import {
  BOARD_MODES,
  EMBED_NEEDS_PAID_PLAN,
  isOpen,
  MODES,
  newBlockIconRotated,
  SPREADSHEET_URL_MISSING,
  transition,
  type Mode,
  type PopupMode,
} from './modes';

const POPUPS: PopupMode[] = ['pages', 'add', 'users', 'app settings', 'settings'];

describe('editor modes', () => {
  it('has the nine modes of platform §4, the board editor five of them', () => {
    expect(MODES).toEqual(['view', 'pages', 'add', 'embed', 'users', 'app settings', 'publish', 'settings', 'spreadsheet', 'block settings']);
    expect(BOARD_MODES).toEqual(['view', 'add', 'settings', 'embed', 'publish', 'block settings']);
  });

  it.each(POPUPS)('opening %s sets the mode to its name', (popup) => {
    expect(transition('view', { type: 'open', popup })).toEqual({ mode: popup, effects: [] });
  });

  it.each(POPUPS)('opening %s while another popup is open leaves only %s open', (popup) => {
    const other: Mode = popup === 'pages' ? 'users' : 'pages';
    const { mode } = transition(other, { type: 'open', popup });
    expect(isOpen(mode, popup)).toBe(true);
    expect(isOpen(mode, other)).toBe(false);
  });

  it.each(MODES)('closing from %s returns to view', (mode) => {
    expect(transition(mode, { type: 'close' })).toEqual({ mode: 'view', effects: [] });
  });

  it('Embed toggles its popup on a paid plan', () => {
    expect(transition('view', { type: 'embed', isFreePlan: false }).mode).toBe('embed');
    expect(transition('embed', { type: 'embed', isFreePlan: false }).mode).toBe('view');
  });

  it('Publish toggles its popup', () => {
    expect(transition('view', { type: 'publish' }).mode).toBe('publish');
    expect(transition('publish', { type: 'publish' }).mode).toBe('view');
  });

  it('Embed and Publish close New Block', () => {
    const embed = transition('add', { type: 'embed', isFreePlan: false }).mode;
    const publish = transition('add', { type: 'publish' }).mode;
    expect([isOpen(embed, 'add'), isOpen(embed, 'embed')]).toEqual([false, true]);
    expect([isOpen(publish, 'add'), isOpen(publish, 'publish')]).toEqual([false, true]);
  });

  it.each<Mode>(['view', 'add', 'embed'])('Embed on the free plan reverts from %s to view with an info toast', (mode) => {
    expect(transition(mode, { type: 'embed', isFreePlan: true })).toEqual({
      mode: 'view',
      effects: [{ type: 'toast', kind: 'info', text: 'Embed feature requires a paid plan.' }],
    });
    expect(EMBED_NEEDS_PAID_PLAN).toBe('Embed feature requires a paid plan.');
  });

  it('Docs opens the documentation in a new tab and reverts to view', () => {
    expect(transition('add', { type: 'docs', url: 'https://docs.example/' })).toEqual({
      mode: 'view',
      effects: [{ type: 'open-tab', url: 'https://docs.example/' }],
    });
  });

  it('the spreadsheet button opens the configured URL in a new tab and reverts to view', () => {
    expect(transition('users', { type: 'spreadsheet', url: 'https://sheets.example/1' })).toEqual({
      mode: 'view',
      effects: [{ type: 'open-tab', url: 'https://sheets.example/1' }],
    });
  });

  it.each([undefined, null, ''])('the spreadsheet button without a URL (%j) warns and reverts to view', (url) => {
    expect(transition('pages', { type: 'spreadsheet', url })).toEqual({
      mode: 'view',
      effects: [{ type: 'toast', kind: 'warning', text: 'Spreadsheet URL not configured.' }],
    });
    expect(SPREADSHEET_URL_MISSING).toBe('Spreadsheet URL not configured.');
  });

  it('view is no popup', () => {
    expect(isOpen('view', 'view')).toBe(false);
    expect(MODES.filter((m) => isOpen('settings', m))).toEqual(['settings']);
  });

  it('the new-block icon rotates only while New Block is open', () => {
    expect(MODES.filter(newBlockIconRotated)).toEqual(['add']);
  });
});
