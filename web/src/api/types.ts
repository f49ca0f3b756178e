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
