// The calls of issue 30's history screens: a board's or an app's saved versions, the row activity
// of a spreadsheet or a board, and the kept earlier uploads of a spreadsheet. Every screen here
// shows its own errors inline, so none of these calls raises the browser alert.
import { answer, client } from '../../api/client';
import type { ActivityEntry, ActivityPage, operations, RevisionDetail, RevisionList, RevisionRestored } from '../../generated/api';

const enc = encodeURIComponent;
/** Every screen here shows its errors inline: no alert. */
const quiet = false;

/** What keeps versions: a board or a multi-page app. */
export interface VersionOwner {
  kind: 'boards' | 'apps';
  id: string;
}

export const listRevisions = ({ kind, id }: VersionOwner): Promise<RevisionList> =>
  kind === 'boards'
    ? answer(client.GET('/api/boards/{boardId}/revisions', { params: { path: { boardId: id } } }), quiet)
    : answer(client.GET('/api/apps/{appId}/revisions', { params: { path: { appId: id } } }), quiet);

export const getRevision = ({ kind, id }: VersionOwner, revisionId: string): Promise<RevisionDetail> =>
  kind === 'boards'
    ? answer(client.GET('/api/boards/{boardId}/revisions/{revisionId}', { params: { path: { boardId: id, revisionId } } }), quiet)
    : answer(client.GET('/api/apps/{appId}/revisions/{revisionId}', { params: { path: { appId: id, revisionId } } }), quiet);

export const restoreRevision = ({ kind, id }: VersionOwner, revisionId: string): Promise<RevisionRestored> =>
  kind === 'boards'
    ? answer(client.POST('/api/boards/{boardId}/revisions/{revisionId}/restore', { params: { path: { boardId: id, revisionId } } }), quiet)
    : answer(client.POST('/api/apps/{appId}/revisions/{revisionId}/restore', { params: { path: { appId: id, revisionId } } }), quiet);

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

/** The activity list's query, as the document declares it (the board's and the spreadsheet's are alike). */
type ActivityQuery = NonNullable<operations['board_activity']['parameters']['query']>;

/** The query of the list and of its CSV: the chosen filters, with "to" taking in the whole day. */
function activityQuery(filters: ActivityFilters): ActivityQuery {
  const query: ActivityQuery = {};
  if (filters.actor) query.actor = filters.actor;
  if (filters.block) query.block = filters.block;
  if (filters.kind) query.kind = filters.kind;
  if (filters.from) query.since = daySeconds(filters.from, false);
  if (filters.to) query.until = daySeconds(filters.to, true);
  return query;
}

export function listActivity({ kind, id }: ActivityScope, filters: ActivityFilters, offset: number, signal?: AbortSignal): Promise<ActivityPage> {
  const query = { ...activityQuery(filters), limit: ACTIVITY_PAGE_SIZE, offset };
  return kind === 'boards'
    ? answer(client.GET('/api/boards/{boardId}/activity', { params: { path: { boardId: id }, query }, signal }), quiet)
    : answer(client.GET('/api/spreadsheets/{spreadsheetId}/activity', { params: { path: { spreadsheetId: id }, query }, signal }), quiet);
}

/** The download of every entry the filters keep (no paging): a plain link, so the browser saves the server's attachment. */
export function activityCsvUrl({ kind, id }: ActivityScope, filters: ActivityFilters): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...activityQuery(filters), format: 'csv' })) params.set(k, String(v));
  return `/api/${kind}/${enc(id)}/activity?${params.toString()}`;
}

/** Undoes one logged write; `force` goes ahead although the row changed since (the server's 409). */
export const revertEntry = (entryId: string, force = false) =>
  answer(client.POST('/api/activity/{entryId}/revert', { params: { path: { entryId } }, body: force ? { force: true } : {} }), quiet);

export const listSnapshots = (spreadsheetId: string) =>
  answer(client.GET('/api/spreadsheets/{spreadsheetId}/snapshots', { params: { path: { spreadsheetId } } }), quiet);

export const restoreSnapshot = (spreadsheetId: string, snapshotId: string) =>
  answer(client.POST('/api/spreadsheets/{spreadsheetId}/snapshots/{snapshotId}/restore', { params: { path: { spreadsheetId, snapshotId } } }), quiet);
