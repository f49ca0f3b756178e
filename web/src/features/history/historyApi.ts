// The calls of issue 30's history screens: a board's or an app's saved versions, the row activity
// of a spreadsheet or a board, and the kept earlier uploads of a spreadsheet. Every screen here
// shows its own errors inline, so none of these calls raises the browser alert.
import { api } from '../../api/client';
import type { ActivityEntry, ActivityPage, RevisionDetail, RevisionList, RevisionRestored, Reverted, SnapshotList } from '../../generated/api';

const enc = encodeURIComponent;
const quiet = { alert: false } as const;

/** What keeps versions: a board or a multi-page app. */
export interface VersionOwner {
  kind: 'boards' | 'apps';
  id: string;
}

const revisionsPath = ({ kind, id }: VersionOwner) => `/api/${kind}/${enc(id)}/revisions`;

export const listRevisions = (owner: VersionOwner) => api.get<RevisionList>(revisionsPath(owner), quiet);

export const getRevision = (owner: VersionOwner, revisionId: string) => api.get<RevisionDetail>(`${revisionsPath(owner)}/${enc(revisionId)}`, quiet);

export const restoreRevision = (owner: VersionOwner, revisionId: string) =>
  api.post<RevisionRestored>(`${revisionsPath(owner)}/${enc(revisionId)}/restore`, undefined, quiet);

/** Whose row writes are listed: every write to a spreadsheet, or only those through one board's blocks. */
export interface ActivityScope {
  kind: 'spreadsheets' | 'boards';
  id: string;
}

export type ActivityKind = ActivityEntry['kind'];

/** The filters of the activity list as the form holds them; empty means "any". Dates are `YYYY-MM-DD`. */
export interface ActivityFilters {
  actor: string;
  block: string;
  kind: ActivityKind | '';
  from: string;
  to: string;
}

export const NO_FILTERS: ActivityFilters = { actor: '', block: '', kind: '', from: '', to: '' };

/** Entries a page of the list shows. */
export const ACTIVITY_PAGE_SIZE = 50;

/** A calendar day in the viewer's time zone as Unix seconds: its first second, or with `end` its last. */
function daySeconds(day: string, end: boolean): number {
  const [year, month, date] = day.split('-').map(Number);
  const start = new Date(year, month - 1, date).getTime() / 1000;
  return end ? start + 24 * 60 * 60 - 1 : start;
}

/** The query of the list and of its CSV: the chosen filters, with "to" taking in the whole day. */
export function activityQuery(filters: ActivityFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.actor) query.actor = filters.actor;
  if (filters.block) query.block = filters.block;
  if (filters.kind) query.kind = filters.kind;
  if (filters.from) query.since = String(daySeconds(filters.from, false));
  if (filters.to) query.until = String(daySeconds(filters.to, true));
  return query;
}

const activityPath = ({ kind, id }: ActivityScope) => `/api/${kind}/${enc(id)}/activity`;

export function listActivity(scope: ActivityScope, filters: ActivityFilters, offset: number, signal?: AbortSignal) {
  const query = { ...activityQuery(filters), limit: String(ACTIVITY_PAGE_SIZE), offset: String(offset) };
  return api.get<ActivityPage>(activityPath(scope), { ...quiet, query, signal });
}

/** The download of every entry the filters keep (no paging): a plain link, so the browser saves the server's attachment. */
export function activityCsvUrl(scope: ActivityScope, filters: ActivityFilters): string {
  const params = new URLSearchParams({ ...activityQuery(filters), format: 'csv' });
  return `${activityPath(scope)}?${params.toString()}`;
}

/** Undoes one logged write; `force` goes ahead although the row changed since (the server's 409). */
export const revertEntry = (entryId: string, force = false) => api.post<Reverted>(`/api/activity/${enc(entryId)}/revert`, force ? { force: true } : {}, quiet);

const snapshotsPath = (spreadsheetId: string) => `/api/spreadsheets/${enc(spreadsheetId)}/snapshots`;

export const listSnapshots = (spreadsheetId: string) => api.get<SnapshotList>(snapshotsPath(spreadsheetId), quiet);

export const restoreSnapshot = (spreadsheetId: string, snapshotId: string) =>
  api.post<SnapshotList>(`${snapshotsPath(spreadsheetId)}/${enc(snapshotId)}/restore`, undefined, quiet);
