// The header's navigation (blocks §3.20). Page items are client-side links to the app's pages,
// found by resolvePage like every page link (a page that no longer exists leads home; pageHref
// keeps the app's `?app=` name, as every in-app page link does); external items, and addresses
// typed as http(s) links, are plain links. On a narrow block (CSS: under 640 px of the block's
// width) the list folds behind a Menu button; on a wide one the button is hidden and the list
// always shows.
import { useId, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { usePageResolver } from '../links/appPages';
import { pageHref } from '../links/appLocation';
import { activeIndex, slugOf, type NavItem } from './headerLook';

const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** Where an item leads: an in-app address (a page item) or an http(s) link, null for none. */
type Destination = { path: string } | { href: string | null };

function NavLink({ item, to, current, onFollow }: { item: NavItem; to: Destination; current: boolean; onFollow: () => void }) {
  const { search } = useLocation();
  const tab = item.newTab ? NEW_TAB : {};
  const aria = current ? ({ 'aria-current': 'page' } as const) : {};
  const className = `header-nav-link${current ? ' header-nav-current' : ''}`;
  if ('path' in to) {
    return (
      <Link to={pageHref(to.path, search)} className={className} onClick={onFollow} {...tab} {...aria}>
        {item.name}
      </Link>
    );
  }
  if (!to.href) return <span className={className}>{item.name}</span>;
  return (
    <a href={to.href} className={className} rel="noopener noreferrer" onClick={onFollow} {...tab} {...aria}>
      {item.name}
    </a>
  );
}

export function HeaderNav({ items }: { items: NavItem[] }) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const resolve = usePageResolver(items.some((item) => item.kind === 'page'));
  if (items.length === 0) return null;
  const destinations = items.map((item): Destination => {
    if (item.kind === 'external') return { href: item.href };
    const target = resolve(item.page);
    return target.external ? { href: target.href } : { path: slugOf(target.path) };
  });
  const current = activeIndex(
    items,
    destinations.map((to) => ('path' in to ? to.path : null)),
    pathname,
  );

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    // Focus was inside the list, which is about to hide: it goes back to the button that opened it.
    event.currentTarget.querySelector<HTMLButtonElement>('.header-menu-button')?.focus();
  };

  return (
    <nav className="header-nav" aria-label="Main" onKeyDown={closeOnEscape}>
      <button type="button" className="button header-menu-button" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
        Menu
      </button>
      <ul id={listId} className={`header-nav-list${open ? ' header-nav-open' : ''}`}>
        {items.map((item, index) => (
          <li key={index}>
            <NavLink item={item} to={destinations[index]} current={index === current} onFollow={() => setOpen(false)} />
          </li>
        ))}
      </ul>
    </nav>
  );
}
