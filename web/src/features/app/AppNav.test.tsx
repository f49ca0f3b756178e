import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { AppPage, PageState } from '../../generated/api';
import { AppPagesContext, useAppPagesStore } from '../../blocks/links/appPages';
import { fakeBlockSource } from '../../test/fakeBlockSource';
import { pageState } from '../../test/appViewer';
import { PageContent } from './PageContent';

const PAGES: AppPage[] = [
  { id: 'p-home', app_id: 'a1', page_name: 'Home', page_slug: '', page_type: 'home', position: 0, record_page: false },
  { id: 'p-orders', app_id: 'a1', page_name: 'Orders', page_slug: 'orders', page_type: 'page', position: 1, record_page: false },
  { id: 'p-team', app_id: 'a1', page_name: 'Our team', page_slug: 'team', page_type: 'page', position: 2, record_page: false },
];

function renderPage(page: PageState, pages: AppPage[] = PAGES, at = '/orders') {
  useAppPagesStore.getState().set('a1', pages);
  return render(
    <MemoryRouter initialEntries={[at]}>
      <AppPagesContext.Provider value="a1">
        <PageContent page={page} path={at.slice(1)} source={fakeBlockSource()} />
      </AppPagesContext.Provider>
    </MemoryRouter>,
  );
}

const guestPage = (overrides: Partial<PageState> = {}) => pageState({ can_edit: false, user_role: 'guest', ...overrides });

describe('the navigation an app gets without a header', () => {
  it('lists the app’s pages by name, in their order, under the app’s name, the current one marked', () => {
    renderPage(guestPage());
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Home', 'Orders', 'Our team']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/', '/orders', '/team']);
    expect(within(nav).getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Field app')).toHaveClass('header-title');
  });

  it('follows the Pages popup: a renamed or moved page is renamed or moved in the navigation', () => {
    renderPage(guestPage(), [PAGES[0], { ...PAGES[2], page_name: 'People' }, PAGES[1]]);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'People', 'Orders']);
  });

  it('leaves out a page that shows one record: it opens from a list row', () => {
    const order: AppPage = { id: 'p-order', app_id: 'a1', page_name: 'Order', page_slug: 'order', page_type: 'page', position: 3, record_page: true };
    renderPage(guestPage(), [...PAGES, order]);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Orders', 'Our team']);
  });

  it('gives way to a header the owner made, for the app or on the page, and is not drawn for one page', () => {
    const { unmount } = renderPage(guestPage({ app_header: { id: 'app-header', type: 'header', HeaderTitle: 'Shop', navigationItems: [] } }));
    expect(screen.queryByRole('link', { name: 'Our team' })).not.toBeInTheDocument();
    unmount();
    const again = renderPage(guestPage({ blocks: [{ id: 'h', type: 'header', HeaderTitle: 'Own', navigationItems: [] }] }));
    expect(screen.queryByRole('link', { name: 'Our team' })).not.toBeInTheDocument();
    again.unmount();
    renderPage(guestPage(), [PAGES[0]], '/');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('folds behind a Menu button that opens, closes on Escape and gives the focus back', async () => {
    const user = userEvent.setup();
    renderPage(guestPage());
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    screen.getByRole('link', { name: 'Our team' }).focus();
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });
});
