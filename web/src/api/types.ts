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

export interface Profile extends AuthUser {
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
