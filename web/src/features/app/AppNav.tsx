// The navigation an app gets without building it (issue 47: "app pages have no navigation until
// the owner builds a header by hand"): while neither the app (App Settings) nor the page has a
// header, every page shows the app's name and its pages as links, in the Pages popup's order and
// under the pages' names, so renaming and moving a page there is editing the navigation. A page
// that shows one record (an order's details) is opened from a list's row, not from the
// navigation, so it is left out. It is drawn by the header block's own navigation, with its Menu
// button on a phone.
import type { PageState } from '../../generated/api';
import { useAppPages } from '../../blocks/links/appPages';
import { HeaderNav } from '../../blocks/chrome/HeaderNav';
import type { NavItem } from '../../blocks/chrome/headerLook';
import '../../blocks/chrome/chrome.css';

export function AppNav({ page }: { page: PageState }) {
  const listed = useAppPages(page.app_id);
  const pages = Array.isArray(listed) ? listed.filter((entry) => !entry.record_page) : [];
  // A one-page app has nowhere to go; while the list loads the page keeps its place.
  if (pages.length < 2) return null;
  const items = pages.map((entry): NavItem => ({ kind: 'page', page: entry.id, name: entry.page_name, flaggedActive: false, newTab: false }));
  return (
    <header className="app-chrome">
      <div className="header-block header-layout-left">
        <div className="header-brand">
          <p className="header-title">{page.name}</p>
        </div>
        <HeaderNav items={items} />
      </div>
    </header>
  );
}
