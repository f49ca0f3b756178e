// The header's navigation (blocks §3.20). Page items are client-side links to the app's pages
// (pageHref keeps the app's `?app=` name, as every in-app page link does); external items are
// http(s) links. On a narrow block (CSS: under 640 px of the block's width) the list folds
// behind a Menu button; on a wide one the button is hidden and the list always shows.
import { useId, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { pageHref } from '../../features/app/appLocation';
import { activeIndex, type NavItem } from './headerSettings';

const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;

function NavLink({ item, current, onFollow }: { item: NavItem; current: boolean; onFollow: () => void }) {
  const { search } = useLocation();
  const tab = item.newTab ? NEW_TAB : {};
  const aria = current ? ({ 'aria-current': 'page' } as const) : {};
  const className = `header-nav-link${current ? ' header-nav-current' : ''}`;
  if (item.kind === 'page') {
    return (
      <Link to={pageHref(item.slug, search)} className={className} onClick={onFollow} {...tab} {...aria}>
        {item.name}
      </Link>
    );
  }
  if (!item.href) return <span className={className}>{item.name}</span>;
  return (
    <a href={item.href} className={className} rel="noopener noreferrer" onClick={onFollow} {...tab} {...aria}>
      {item.name}
    </a>
  );
}

export function HeaderNav({ items }: { items: NavItem[] }) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (items.length === 0) return null;
  const current = activeIndex(items, pathname);

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
            <NavLink item={item} current={index === current} onFollow={() => setOpen(false)} />
          </li>
        ))}
      </ul>
    </nav>
  );
}
