import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import type { AppPage, AuthUser, BoardBlock } from '../../generated/api';
import { AppPagesContext, useAppPagesStore } from '../links/appPages';
import { SESSION_HINT_KEY, useSessionStore } from '../../store/sessionStore';
import { HeaderBlock } from './HeaderBlock';
import { initials } from './HeaderUser';
import { viewBlockOf } from '../../test/viewBlocks';

const LOGO = 'https://img.example/logo.png';
const HOME = { name: 'Home', linkType: 'page', pageSlug: '' };
const SHOP = { name: 'Shop', linkType: 'page', pageSlug: 'shop', pageId: 'p2' };
const ABOUT = { name: 'About', linkType: 'page', pageSlug: 'about', pageId: 'p3' };
const DOCS = { name: 'Docs', linkType: 'external', url: 'https://docs.example/', openInNewTab: true };

function header(settings: Record<string, unknown>): BoardBlock {
  return { id: 'header-1', type: 'header', ...settings };
}

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

const PAGES: AppPage[] = [
  { id: 'p1', app_id: 'app-1', page_name: 'Home', page_slug: '', page_type: 'home', position: 0, record_page: false },
  { id: 'p2', app_id: 'app-1', page_name: 'Shop', page_slug: 'shop', page_type: 'page', position: 1, record_page: false },
  { id: 'p3', app_id: 'app-1', page_name: 'About', page_slug: 'about', page_type: 'page', position: 2, record_page: false },
];

/** The header on a page of app `app-1` whose pages are `pages`; null draws it where there are no pages. */
function renderHeader(settings: Record<string, unknown>, at = '/', pages: AppPage[] | null = PAGES) {
  if (pages) useAppPagesStore.getState().set('app-1', pages);
  return render(
    <MemoryRouter initialEntries={[at]}>
      <AppPagesContext.Provider value={pages ? 'app-1' : null}>
        <HeaderBlock block={viewBlockOf('header', header(settings))} />
      </AppPagesContext.Provider>
      <Where />
    </MemoryRouter>,
  );
}

const link = (name: string) => screen.getByRole('link', { name });
const current = () =>
  screen
    .queryAllByRole('link')
    .filter((a) => a.getAttribute('aria-current') === 'page')
    .map((a) => a.textContent);

describe('the header block', () => {
  it('asks for settings when there is nothing to show', () => {
    renderHeader({});
    expect(screen.getByText(/in the block settings/)).toBeInTheDocument();
  });

  it.each([
    ['Left', 'left'],
    ['Center', 'center'],
    ['Right', 'right'],
    [undefined, 'left'],
    ['Middle', 'left'],
  ])('lays out LayoutType %o as %s', (layout, expected) => {
    const { container } = renderHeader({ LayoutType: layout, HeaderTitle: 'Acme' });
    expect(container.querySelector('.header-block')).toHaveClass(`header-layout-${expected}`);
  });

  it('shows the title beside a decorative logo in a reserved, lazy box', () => {
    const { container } = renderHeader({ Logo: LOGO, HeaderTitle: 'Acme' });
    const logo = container.querySelector('.header-logo img')!;
    expect(logo).toHaveAttribute('src', LOGO);
    expect(logo).toHaveAttribute('alt', '');
    expect(logo).toHaveAttribute('loading', 'lazy');
    expect(screen.getByText('Acme')).toHaveClass('header-title');
  });

  it('names a logo shown alone, and drops a logo that is no web address', () => {
    const { unmount } = renderHeader({ Logo: LOGO });
    expect(screen.getByRole('img', { name: 'Logo' })).toBeInTheDocument();
    unmount();
    renderHeader({ Logo: 'javascript:alert(1)', HeaderTitle: 'Acme' });
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});

describe('header navigation', () => {
  it('links pages to /{slug}, the home page to /, keeping the app named in the address', () => {
    renderHeader({ navigationItems: [HOME, SHOP] }, '/about?app=acme');
    expect(link('Home')).toHaveAttribute('href', '/?app=acme');
    expect(link('Shop')).toHaveAttribute('href', '/shop?app=acme');
  });

  it('leaves out query parameters of the current page that are not the app', () => {
    renderHeader({ navigationItems: [SHOP] }, '/about?app=acme&sort=price');
    expect(link('Shop')).toHaveAttribute('href', '/shop?app=acme');
  });

  it('encodes a slug and ignores slashes around it', () => {
    renderHeader({ navigationItems: [{ name: 'Team', linkType: 'page', pageSlug: '/our team/' }] }, '/', null);
    expect(link('Team')).toHaveAttribute('href', '/our%20team');
  });

  it('links an item whose Page is a page picked in the editor (its id) to that page, not Home', () => {
    renderHeader({ navigationItems: [{ name: 'Shop', linkType: 'page', pageId: 'p2' }] }, '/?app=acme');
    expect(link('Shop')).toHaveAttribute('href', '/shop?app=acme');
  });

  it('follows a picked page to its new address after it was renamed', () => {
    renderHeader({ navigationItems: [{ name: 'Shop', linkType: 'page', pageId: 'p2' }] }, '/?app=acme', [PAGES[0], { ...PAGES[1], page_slug: 'store' }]);
    expect(link('Shop')).toHaveAttribute('href', '/store?app=acme');
  });

  it('links an item naming a page that no longer exists to Home', () => {
    renderHeader(
      {
        navigationItems: [
          { name: 'Old', linkType: 'page', pageId: 'deleted-page' },
          { name: 'Gone', linkType: 'page', pageSlug: 'gone' },
        ],
      },
      '/shop?app=acme',
    );
    expect(link('Old')).toHaveAttribute('href', '/?app=acme');
    expect(link('Gone')).toHaveAttribute('href', '/?app=acme');
  });

  it('goes to a page inside the app without reloading it', async () => {
    renderHeader({ navigationItems: [HOME, SHOP] }, '/?app=acme');
    await userEvent.click(link('Shop'));
    expect(screen.getByTestId('where')).toHaveTextContent('/shop?app=acme');
    expect(current()).toEqual(['Shop']);
  });

  it('marks the home item current on /', () => {
    renderHeader({ navigationItems: [SHOP, HOME] }, '/');
    expect(current()).toEqual(['Home']);
  });

  it("marks the item whose slug is the address's first segment", () => {
    renderHeader({ navigationItems: [HOME, SHOP, ABOUT] }, '/about/team?app=acme');
    expect(current()).toEqual(['About']);
  });

  it('falls back to the item flagged active when no page matches', () => {
    renderHeader({ navigationItems: [SHOP, { ...DOCS, active: true }, { ...ABOUT, active: 'true' }] }, '/contact');
    expect(current()).toEqual(['Docs']);
  });

  it('prefers the matching page over the flag', () => {
    renderHeader({ navigationItems: [{ ...SHOP, active: true }, ABOUT] }, '/about');
    expect(current()).toEqual(['About']);
  });

  it('marks nothing when nothing matches and nothing is flagged', () => {
    renderHeader({ navigationItems: [SHOP, ABOUT] }, '/contact');
    expect(current()).toEqual([]);
  });

  it('opens an external link in a new tab only when asked', () => {
    renderHeader({ navigationItems: [DOCS, { name: 'Blog', linkType: 'external', url: 'https://blog.example/' }] });
    expect(link('Docs')).toHaveAttribute('href', 'https://docs.example/');
    expect(link('Docs')).toHaveAttribute('target', '_blank');
    expect(link('Docs')).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link('Blog')).not.toHaveAttribute('target');
    expect(link('Blog')).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it.each(['javascript:alert(1)', 'docs.example', '', 'data:text/html,hi'])('shows an external item with the url %o without a link', (url) => {
    renderHeader({ navigationItems: [{ name: 'Docs', linkType: 'external', url }] });
    expect(screen.getByText('Docs').closest('a')).toBeNull();
  });

  it('skips items without a name', () => {
    renderHeader({ navigationItems: [{ linkType: 'page', pageSlug: 'x' }, 'junk', SHOP] });
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });
});

describe('the header menu on a narrow block', () => {
  const toggle = () => screen.getByRole('button', { name: 'Menu' });
  const list = () => document.getElementById(toggle().getAttribute('aria-controls')!)!;

  it('opens and closes the list with the Menu button', async () => {
    renderHeader({ navigationItems: [HOME, SHOP] });
    expect(list()).toContainElement(link('Shop'));
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(list()).not.toHaveClass('header-nav-open');
    await userEvent.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    expect(list()).toHaveClass('header-nav-open');
    await userEvent.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape and gives focus back to the button', async () => {
    renderHeader({ navigationItems: [HOME, SHOP] });
    await userEvent.click(toggle());
    link('Shop').focus();
    await userEvent.keyboard('{Escape}');
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(list()).not.toHaveClass('header-nav-open');
    expect(toggle()).toHaveFocus();
  });

  it('closes once a page is chosen', async () => {
    renderHeader({ navigationItems: [HOME, SHOP] });
    await userEvent.click(toggle());
    await userEvent.click(link('Shop'));
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
  });

  it('has no menu without navigation items', () => {
    renderHeader({ HeaderTitle: 'Acme' });
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
  });
});

describe('the header user menu', () => {
  const signIn = (user: Partial<AuthUser>) =>
    act(() => useSessionStore.setState({ status: 'user', user: { id: 'u1', email: 'ada@site.example', name: '', ...user } as AuthUser }));

  it('is hidden unless UserMenu is on', () => {
    signIn({ name: 'Ada Lovelace' });
    renderHeader({ HeaderTitle: 'Acme', UserMenu: false });
    expect(screen.queryByText('Ada Lovelace')).not.toBeInTheDocument();
  });

  it('shows the signed-in user with the profile image and signs out through the session', async () => {
    signIn({ name: 'Ada Lovelace' });
    const logOut = vi.fn(async () => useSessionStore.setState({ status: 'guest', user: null }));
    useSessionStore.setState({ logOut });
    const { container } = renderHeader({ HeaderTitle: 'Acme', UserMenu: true, userProfileImage: 'https://img.example/ada.png' });
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(container.querySelector('.header-avatar img')).toHaveAttribute('src', 'https://img.example/ada.png');
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(logOut).toHaveBeenCalledOnce();
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
  });

  it("shows the user's initials without a profile image", () => {
    signIn({ name: 'Ada Lovelace' });
    const { container } = renderHeader({ UserMenu: true, userProfileImage: 'javascript:alert(1)' });
    expect(container.querySelector('.header-avatar')).toHaveTextContent('AL');
    expect(container.querySelector('.header-avatar img')).toBeNull();
  });

  it.each([
    ['Ada Lovelace', 'ada@x.example', 'AL'],
    ['ada', 'ada@x.example', 'A'],
    ['Ada Byron King Lovelace', 'ada@x.example', 'AB'],
    ['', 'zed@x.example', 'Z'],
    ['  ', '', '?'],
  ])('%o <%s> has the initials %o', (name, email, expected) => {
    expect(initials(name, email)).toBe(expected);
  });

  it('sends a guest to log in and back to this page', () => {
    act(() => useSessionStore.setState({ status: 'guest', user: null }));
    renderHeader({ UserMenu: true }, '/shop?app=acme');
    expect(link('Sign in')).toHaveAttribute('href', `/dashboard/auth?${new URLSearchParams({ next: '/shop?app=acme' })}`);
  });

  it('asks who is signed in when nobody has yet, keeping its place meanwhile', () => {
    localStorage.setItem(SESSION_HINT_KEY, '1'); // a browser that kept a session: a visitor's is never asked
    const load = vi.fn(async () => undefined);
    useSessionStore.setState({ load });
    const { container } = renderHeader({ UserMenu: true });
    expect(load).toHaveBeenCalledOnce();
    expect(container.querySelector('.header-user')).toHaveAttribute('aria-busy', 'true');
    expect(within(container).queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });
});
