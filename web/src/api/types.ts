// Shapes of the server's answers, as its OpenAPI document (/api/openapi.json) describes them.

export interface PlanFlag {
  isFreePlan: boolean;
}

/** platform §3 "User". */
export interface AuthUser {
  id: string;
  email: string;
  name: string;
  plan: PlanFlag;
  /** A platform administrator: /admin adds the platform tabs. The server checks every admin call itself. */
  is_admin: boolean;
}

export interface SessionAnswer {
  token: string;
  user: AuthUser;
}

export interface MailSent {
  email: string;
  message: string;
}

export interface Message {
  message: string;
}

/** GET /api/account: the account settings; whether the user administers the platform is not among them. */
export interface Profile extends Omit<AuthUser, 'is_admin'> {
  plan_id: string;
  email_verified: boolean;
  created_at: number;
}

export interface Workspace {
  id: string;
  name: string;
  subdomain: string;
  owner_id: string;
  created_at: number;
}

export interface BoardSummary {
  id: string;
  name: string;
  slug: string;
  public: boolean;
  workspace_id: string;
  workspace_name: string;
  spreadsheetId?: string | null;
  created_at: number;
  updated_at: number;
}

/** The created or duplicated board; only the fields the dashboard reads. */
export interface BoardCreated {
  id: string;
  name: string;
}

export interface AppSummary {
  id: string;
  name: string;
  subdomain: string;
  spreadsheet_url: string;
  public: boolean;
  workspace_id: string;
  created_at: number;
}

export interface Plan {
  id: string;
  name: string;
  embedding: boolean;
  description: string;
}

export interface PlansAnswer {
  plans: Plan[];
  /** The caller's plan id; null for guests. */
  mine?: string | null;
}

export interface RedeemAnswer {
  plan: { id: string; isFreePlan: boolean };
}

export interface LatestPayment {
  status: 'succeeded' | 'failed' | string;
  plan?: string | null;
  received_at: number;
}

export interface WorkspacePlan {
  is_free_plan: boolean;
}

/** Where a spreadsheet's rows come from. */
export type SpreadsheetKind = 'upload' | 'csv_url' | 'google_sheets';

/** The kinds that are read from a link (and can be refreshed from it). */
export type LinkKind = Exclude<SpreadsheetKind, 'upload'>;

export interface SheetView {
  title: string;
  /** Column names in order, 'ChartApps Record ID' included. */
  columns: string[];
  row_count: number;
  /** Goes up with every change of the tab's rows. */
  version: number;
}

export interface SpreadsheetView {
  id: string;
  workspace_id: string;
  name: string;
  kind: SpreadsheetKind;
  /** The link the rows come from; empty for uploads. */
  source_url: string;
  /** When the rows were read from the link (Unix seconds); null for uploads. */
  fetched_at?: number | null;
  created_at: number;
  /** The Google Sheets or CSV address of a linked spreadsheet, the in-app grid view of an upload. */
  open_url: string;
  sheets: SheetView[];
  /** Why the last refresh from the source failed, until one succeeds; null when it worked. */
  refresh_failure?: RefreshFailure | null;
}

/** A failed refresh of a linked spreadsheet: viewers keep the rows of the last good one. */
export interface RefreshFailure {
  /** What went wrong and what to do about it. */
  message: string;
  /** When it failed (Unix seconds). */
  failed_at: number;
}

/** The answer to an upload or a replaced file; only the fields the web app reads. */
export interface Uploaded {
  spreadsheet: { id: string; name: string };
}

/** A page of a tab's stored rows, every column included. */
export interface GridPage {
  columns: string[];
  rows: string[][];
  total: number;
  offset: number;
  limit: number;
  version: number;
}

// Users dialog (features/users): the app users of platform §3 and the mutipageapp_users answers of §7.

/** 'read' or 'read-write' as stored; older or foreign values may be anything (shown as Read). */
export type AppUserPermission = 'read' | 'read-write';

export interface AppUser {
  id: string;
  name: string;
  email: string;
  permissions?: string | null;
  /** Unix seconds; the list is sorted ascending by it. */
  created_at: number;
}

export interface AppUserList {
  app_users: AppUser[];
}

/** platform §4: an answer without id or created_at makes the dialog reload the list. */
export interface AppUserAdded {
  new_app_user?: Partial<AppUser> | null;
}

export interface AppUserUpdated {
  updated_user?: Partial<AppUser> | null;
}

// Invitation page (features/invitation): GET /api/apps/{appId}; only the fields the page reads.
export interface InvitedAppAnswer {
  app: { id: string; name: string; subdomain: string };
}

// --- Board viewer and editor (features/board, features/embed) ---

/** `footer` and `event` of the board state. */
export interface BoardFooter {
  logo: string;
  socialMediaIcons: unknown[];
  copyrightText: string;
}

/** A stored block as the server answers it: `{id, type, ...settings}`. */
export interface BoardBlock {
  id: string;
  type: string;
  title?: string;
  section?: string;
  sheet_title?: string;
  full_width?: boolean;
  temp_block?: boolean;
  [setting: string]: unknown;
}

/** The settings of platform §3 "Board state" an owner may change (PUT /api/boards/{id}). */
export interface BoardSettings {
  hide_filters: boolean;
  hide_hero: boolean;
  hide_search: boolean;
  search: string;
  /** platform §3 Filter objects, as stored; the filter editor reads them loosely (features/filters). */
  filters: Record<string, unknown>[];
  title: string;
  hero: string;
  logo: string;
  hero_image: string;
  page: string;
  /** Colours (#RGB, #RRGGBB or #RRGGBBAA). */
  palette: string[];
  nav_background: string;
  hero_background: string;
  sign_in_method: string;
  active_section_text_color: string;
  inactive_section_text_color: string;
  active_section_background_color: string;
  board_background: string;
  block_border: string;
  block_shadow: string;
  /** Comma-separated section names. */
  sections: string;
  current_section: string;
  footer: BoardFooter;
  event: BoardFooter;
  /** The sites allowed to frame the board's /embed page (`scheme://host[:port]`); empty: any site. */
  embed_origins: string[];
}

/** A signed embed link (POST /api/boards/{id}/embed-token). */
export interface MintedEmbedToken {
  token: string;
  /** {public base}/embed?board={slug}&token={token} */
  url: string;
  /** Unix seconds. */
  expires_at: number;
}

/** A workspace's embed secret (GET /api/workspaces/{id}/embed-secret), for its owner. */
export interface EmbedSecret {
  secret: string;
  /** Unix seconds: when it was made or last rotated. */
  rotated_at: number;
}

/** platform §3 "Board state" as POST /api/board/update-metadata and /api/boards/{id} answer it. */
export interface BoardState extends BoardSettings {
  id: string;
  slug: string;
  name: string;
  workspace_id: string;
  public: boolean;
  spreadsheetId?: string | null;
  /** Tab titles of the connected spreadsheet, in order. */
  sheets: string[];
  blocks: BoardBlock[];
  owner_email: string;
  can_edit: boolean;
  user_role: string;
  type: 'board';
}

// Multi-page apps (features/app, features/newApp).

/** An app as the app calls answer it (`{app: ...}`). */
export interface AppRecord extends AppSummary {
  spreadsheetId?: string | null;
  /** App-wide editor settings (navigation, header, footer, ...). */
  settings: Record<string, unknown>;
}

export interface AppAnswer {
  app: AppRecord;
}

/** A page of an app (platform §3 "Page"); page_type 'home' with an empty slug is the home page. */
export interface AppPage {
  id: string;
  app_id: string;
  page_name: string;
  page_slug: string;
  page_type: string;
  position: number;
}

export interface PageListAnswer {
  /** In their order. */
  pages: AppPage[];
  home_page_id?: string | null;
}

/** The colours and texts a page keeps besides its name and slug. */
export interface PageSettings {
  search: string;
  filters: Record<string, unknown>[];
  title: string;
  nav_background: string;
  sign_in_method: string;
  page_background: string;
  block_border: string;
  block_shadow: string;
  palette: string[];
  hero_background: string;
}

export interface PageChangeAnswer {
  page: AppPage;
  settings: PageSettings;
}

/** platform §3 "Page state", as POST /api/page/update-metadata answers it. */
export interface PageState extends PageSettings {
  /** The app's name. */
  name: string;
  app_id: string;
  page_id: string;
  page_name: string;
  page_slug: string;
  page_type: string;
  public: boolean;
  spreadsheetId?: string | null;
  sheets: string[];
  users: { id: string; name: string; email: string; permissions: string; created_at: number }[];
  blocks: import('../shell/blockList').Block[];
  owner_email: string;
  can_edit: boolean;
  user_role: string;
  page: string;
  /** The app's header for pages without their own header block (App Settings); null when none. */
  app_header?: BoardBlock | null;
  /** The app's footer for pages without their own footer block. */
  app_footer?: BoardBlock | null;
}

// Admin (features/admin): the answers of /api/admin/* (server/src/api/admin.rs).

export interface AdminUser {
  id: string;
  email: string;
  name: string;
  plan_id: string;
  email_verified: boolean;
  created_at: number;
}

export interface AdminWorkspace {
  id: string;
  name: string;
  subdomain: string;
  owner_id: string;
  owner_email: string;
  created_at: number;
}

export interface AdminBoard {
  id: string;
  name: string;
  slug: string;
  workspace_id: string;
  public: boolean;
  owner_email: string;
  created_at: number;
}

export interface AdminApp {
  id: string;
  name: string;
  subdomain: string;
  workspace_id: string;
  public: boolean;
  owner_email: string;
  created_at: number;
}

export interface AdminCode {
  code: string;
  plan_id: string;
  status: 'unused' | 'redeemed';
  created_at: number;
  redeemed_by_email?: string | null;
  redeemed_at?: number | null;
}

// Start (features/start): the board state POST /api/boards answers, the fields the flow reads.

export interface BoardStateCreated {
  id: string;
  slug: string;
  name: string;
  workspace_id: string;
}

// Marketplace ---------------------------------------------------------------------------------

/** A published board (GET /api/boards/{id}/listing, GET /api/marketplace). Never the owner's e-mail. */
export interface MarketplaceListing {
  board_id: string;
  /** The live board is at `/{slug}`. */
  slug: string;
  title: string;
  description: string;
  category: string;
  tags: string[];
  /** Unix seconds. */
  published_at: number;
  updated_at: number;
  owner_name: string;
}

/** One page of GET /api/marketplace, newest first. */
export interface MarketplacePage {
  listings: MarketplaceListing[];
  /** Matching listings over all pages. */
  total: number;
  /** Every category a listing may have, in display order. */
  categories: string[];
}

/** The body of PUT /api/boards/{id}/listing. */
export interface ListingInput {
  title: string;
  description: string;
  category: string;
  tags: string[];
}

// Templates: 'Use this template' and binding a board to a spreadsheet ------------------------

export type ColumnType = 'text' | 'number' | 'date';

/** A column with the type read from its values. */
export interface TypedColumn {
  name: string;
  /** Null when every cell is blank. */
  type: ColumnType | null;
}

export interface TypedTab {
  title: string;
  columns: TypedColumn[];
}

/** How one column a board names would bind: `matched`, `missing` or `type_differs`. */
export interface ColumnMatch {
  template_column: string;
  /** Null when the board's current spreadsheet does not have the column. */
  template_type: ColumnType | null;
  your_column: string | null;
  status: 'matched' | 'missing' | 'type_differs';
  /** Why it did not match; null when it did. */
  reason: string | null;
}

export interface TabMatch {
  template_tab: string;
  your_tab: string | null;
  columns: ColumnMatch[];
}

/** GET /api/boards/{id}/rebind?spreadsheet_id=... */
export interface RebindProposal {
  spreadsheet_id: string;
  tabs: TabMatch[];
  /** Every tab of the chosen spreadsheet, to pick from by hand. */
  your_tabs: TypedTab[];
  unmatched: number;
}

/** The body of POST /api/boards/{id}/rebind: template tab → your tab; per template tab, template column → your column. */
export interface RebindInput {
  spreadsheet_id: string;
  tabs: Record<string, string>;
  columns: Record<string, Record<string, string>>;
}

/** A name a binding left as it was. */
export interface Unbound {
  block_id: string | null;
  path: string;
  sheet: string | null;
  column: string | null;
}

export interface Rebound {
  board: BoardState;
  unbound: Unbound[];
}
