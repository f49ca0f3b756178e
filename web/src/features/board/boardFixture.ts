// A board state as the server answers it, for this feature's tests.
import type { BoardBlock, BoardState } from '../../generated/api';

export function boardState(overrides: Partial<BoardState> = {}): BoardState {
  const footer = { logo: '', socialMediaIcons: [], copyrightText: '' };
  return {
    id: 'b1',
    slug: 'sales',
    name: 'Sales board',
    workspace_id: 'w1',
    hide_filters: true,
    hide_hero: false,
    hide_search: false,
    search: '',
    filters: [],
    title: 'Sales overview',
    hero: 'Revenue by month',
    logo: '',
    hero_image: '',
    page: 'view',
    palette: [],
    nav_background: '#161819',
    hero_background: '#161819',
    sign_in_method: '',
    active_section_text_color: '#FFFFFF',
    inactive_section_text_color: '#161819',
    active_section_background_color: '#161819',
    board_background: '#FAFAFA',
    block_border: '#e7ebf3',
    block_shadow: '#ebeff3',
    sections: '',
    current_section: '',
    footer,
    event: footer,
    embed_origins: [],
    accent_color: '#4f46E5',
    look: 'light',
    public: true,
    spreadsheetId: 's1',
    sheets: ['Sales'],
    users: [],
    blocks: [],
    owner_email: '',
    can_edit: false,
    user_role: 'guest',
    type: 'board',
    ...overrides,
  };
}

export const salesRows = {
  columns: ['Month', 'Revenue'],
  rows: [
    { Month: 'Jan', Revenue: '100' },
    { Month: 'Feb', Revenue: '120' },
  ],
  total: 2,
  page: 1,
  page_count: 1,
  version: 1,
};

export const tableBlock: BoardBlock = { id: 'k1', type: 'table', title: 'Monthly sales', sheet_title: 'Sales' };

export const CATEGORIES = ['Sales', 'Marketing', 'Finance', 'Operations', 'HR', 'Projects', 'Education', 'Events', 'Personal', 'Other'];

/** What 'Publish Board' reads when board b1 is not on the Marketplace: no listing, and the categories. */
export const unpublished = {
  'GET /api/boards/b1/listing': { body: null },
  'GET /api/marketplace': { body: { listings: [], total: 0, categories: CATEGORIES } },
};
