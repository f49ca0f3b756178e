// What the app viewer's tests share: an app, its page state, a server stand-in answering the
// viewer's calls, and the viewer mounted at an address with a probe of where it went.
import type userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { AppRecord, PageState } from '../generated/api';
import { Toaster } from '../components/Toaster';
import { mockFetch, type Routes as FetchRoutes } from './fetchMock';
import { AppViewerRoute } from '../features/app/AppViewerRoute';
import { renderApp } from './renderApp';

export const app: AppRecord = {
  id: 'a1',
  name: 'Field app',
  subdomain: 'field',
  spreadsheet_url: '',
  spreadsheetId: null,
  public: false,
  workspace_id: 'w1',
  created_at: 1,
  settings: {},
};

export function pageState(overrides: Partial<PageState> = {}): PageState {
  return {
    name: 'Field app',
    app_id: 'a1',
    page_id: 'p-home',
    page_name: 'Home',
    page_slug: '',
    page_type: 'home',
    search: '',
    filters: [],
    title: '',
    nav_background: '#161819',
    sign_in_method: '',
    page_background: '#FAFAFA',
    block_border: '#e7ebf3',
    block_shadow: '#ebeff3',
    palette: [],
    hero_background: '#161819',
    public: false,
    spreadsheetId: 's1',
    sheets: [],
    users: [],
    blocks: [],
    owner_email: 'ann@example.com',
    can_edit: true,
    user_role: 'owner',
    page: 'view',
    accent_color: '#4f46E5',
    look: 'light',
    ...overrides,
  };
}

export const home = { id: 'p-home', app_id: 'a1', page_name: 'Home', page_slug: '', page_type: 'home', position: 0, record_page: false };
export const about = { id: 'p-about', app_id: 'a1', page_name: 'About', page_slug: 'about', page_type: 'page', position: 1, record_page: false };

/** An editor on the app's home page, unless told otherwise. */
export function serve(more: FetchRoutes = {}, page: PageState = pageState(), record: AppRecord = app) {
  return mockFetch({
    'POST /api/page/update-metadata': { body: page },
    'POST /api/app/app-info': { body: { app: record } },
    'GET /api/board/workspace': { body: { is_free_plan: false } },
    'GET /api/spreadsheets': { body: [] },
    ...more,
  });
}

/** The app viewer at `path`, with the toasts it raises; `where()` is the router's address. */
export function renderViewer(path: string) {
  return renderApp(
    path,
    <>
      <Routes>
        <Route path="/" element={<AppViewerRoute />} />
        <Route path="/:slug" element={<AppViewerRoute />} />
        <Route path="/dashboard" element={<h1>Dashboard</h1>} />
      </Routes>
      <Toaster />
    </>,
  );
}

/** Replaces a field's text in one paste: typing key by key is slow on a busy machine. */
export async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.paste(text);
}
