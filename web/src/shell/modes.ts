// The editor mode machine of platform §4, pure so every rule is a test: the state is one mode
// (so at most one popup is open), each event gives the next mode plus the side effects the shell
// performs (a toast, a new tab).

// 'block settings' is the board editor's panel for one block's settings (blocks §2); it takes the
// place of any popup like the modes of the spec.
export const MODES = ['view', 'pages', 'add', 'embed', 'users', 'app settings', 'publish', 'settings', 'spreadsheet', 'block settings'] as const;
export type Mode = (typeof MODES)[number];

/** platform §4: the board editor uses a subset of the modes. */
export const BOARD_MODES: readonly Mode[] = ['view', 'add', 'settings', 'embed', 'publish', 'block settings'];

/** Popups opened by a plain click; Embed and Publish have their own toggling events. */
export type PopupMode = 'pages' | 'add' | 'users' | 'app settings' | 'settings' | 'block settings';

export const EMBED_NEEDS_PAID_PLAN = 'Embed feature requires a paid plan.';
export const SPREADSHEET_URL_MISSING = 'Spreadsheet URL not configured.';

export type ModeEvent =
  | { type: 'open'; popup: PopupMode }
  /** The overlay or the close button of any popup. */
  | { type: 'close' }
  | { type: 'embed'; isFreePlan: boolean }
  | { type: 'publish' }
  | { type: 'docs'; url: string }
  | { type: 'spreadsheet'; url?: string | null };

export type ModeEffect = { type: 'toast'; kind: 'info' | 'warning'; text: string } | { type: 'open-tab'; url: string };

export interface Transition {
  mode: Mode;
  effects: ModeEffect[];
}

const to = (mode: Mode, ...effects: ModeEffect[]): Transition => ({ mode, effects });

export function transition(mode: Mode, event: ModeEvent): Transition {
  switch (event.type) {
    case 'open':
      return to(event.popup);
    case 'close':
      return to('view');
    case 'embed':
      // Toggling replaces the current mode, so an open New Block closes with it.
      if (event.isFreePlan) return to('view', { type: 'toast', kind: 'info', text: EMBED_NEEDS_PAID_PLAN });
      return to(mode === 'embed' ? 'view' : 'embed');
    case 'publish':
      return to(mode === 'publish' ? 'view' : 'publish');
    case 'docs':
      return to('view', { type: 'open-tab', url: event.url });
    case 'spreadsheet':
      // The mode passes through 'spreadsheet' only for the click; nothing stays open.
      return event.url ? to('view', { type: 'open-tab', url: event.url }) : to('view', { type: 'toast', kind: 'warning', text: SPREADSHEET_URL_MISSING });
  }
}

/** Whether the popup of `popup` is the one showing. */
export function isOpen(mode: Mode, popup: Mode): boolean {
  return popup !== 'view' && mode === popup;
}

/** platform §4: the new-block icon rotates while its popup is open. */
export function newBlockIconRotated(mode: Mode): boolean {
  return mode === 'add';
}
