// A block's exports (PDF, CSV) in one small "⋯" menu on its title line (issue 47: every block
// showed each export as its own button on its own line). The frame (shell/blockFrame.tsx) offers
// a place on its title line through BlockMenuPlace; a block drawn outside a frame (the editor's
// preview) gets the menu where it draws it.
//
// Keyboard (WAI-ARIA menu button): Enter, Space or ArrowDown open the menu on its first item,
// ArrowUp on its last; the arrows, Home and End move between items; Escape closes and returns the
// focus to the button; Tab closes and moves on.
import { createContext, useContext, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import './blockMenu.css';

/** One entry of the menu: a command, or a link (the CSV, downloaded by the browser). */
export type MenuAction =
  | { label: string; run: () => void; disabled?: boolean; href?: undefined }
  | { label: string; href: string; download: boolean; run?: undefined; disabled?: undefined };

/**
 * Where a frame wants its block's menu: `undefined` outside a frame (drawn in place), `null` while
 * the frame's title line mounts (drawn once it has, so the menu never jumps), else the element.
 */
export const BlockMenuPlace = createContext<HTMLElement | null | undefined>(undefined);

interface BlockMenuProps {
  /** The block's title, naming the menu for screen readers. */
  title: string;
  actions: readonly MenuAction[];
  /** The block's toolbar_icon_color (blocks §3.1) for the "⋯", if it set one. */
  tint?: string;
}

/** The "⋯" button and its menu; nothing without actions. */
export function BlockMenu({ title, actions, tint }: BlockMenuProps) {
  const place = useContext(BlockMenuPlace);
  if (actions.length === 0 || place === null) return null;
  const menu = <MenuButton title={title} actions={actions} tint={tint} />;
  return place ? createPortal(menu, place) : <div className="block-menu-inline">{menu}</div>;
}

function MenuButton({ title, actions, tint }: BlockMenuProps) {
  const menuId = useId();
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);

  const items = () => Array.from(list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])') ?? []);

  useEffect(() => {
    if (!open) return;
    const all = items();
    (open === 'last' ? all[all.length - 1] : all[0])?.focus();
    // A press outside the menu closes it, as any menu does.
    const outside = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(event.key === 'ArrowUp' ? 'last' : 'first');
    }
  };

  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const to = { ArrowDown: (at + 1) % all.length, ArrowUp: (at - 1 + all.length) % all.length, Home: 0, End: all.length - 1 }[event.key];
    if (to !== undefined) {
      event.preventDefault();
      all[to]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  return (
    <div className="block-menu" ref={wrapper}>
      <button
        type="button"
        ref={button}
        className="block-menu-button"
        style={tint ? { color: tint } : undefined}
        aria-label={`More actions: ${title}`}
        aria-haspopup="menu"
        aria-expanded={Boolean(open)}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : setOpen('first'))}
        onKeyDown={onButtonKey}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (
        <ul id={menuId} ref={list} className="block-menu-list" role="menu" aria-label={`Actions: ${title}`} onKeyDown={onMenuKey}>
          {actions.map((action) => (
            <li key={action.label} role="none">
              {action.href !== undefined ? (
                <a role="menuitem" tabIndex={-1} href={action.href} download={action.download || undefined} onClick={() => close(true)}>
                  {action.label}
                </a>
              ) : (
                <button
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  aria-disabled={action.disabled || undefined}
                  onClick={() => {
                    if (action.disabled) return;
                    close(true);
                    action.run();
                  }}
                >
                  {action.label}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
