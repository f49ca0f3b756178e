// The docs pages' two reads. Neither alerts nor moves the loading bar: each page says its own
// failure, and the guides quote the 'Access denied' message (the client does not toast for them).
import { client } from '../../api/client';
import type { Guide } from '../../generated/api';

/** The user guides in reading order (GET /api/docs/guides). */
export async function getGuides(): Promise<Guide[]> {
  const { data, response } = await client.GET('/api/docs/guides');
  if (!data) throw new Error(`/api/docs/guides answered HTTP ${response.status}`);
  return data;
}

export const API_DOCUMENT_PATH = '/api/openapi.json';

/**
 * The server's OpenAPI document itself, which does not list its own address among its paths, so
 * this one read is a plain GET; the reference page reads it as loosely as it needs.
 */
export async function getApiDocument<T>(): Promise<T> {
  const response = await fetch(new URL(API_DOCUMENT_PATH, window.location.origin), { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${API_DOCUMENT_PATH} answered HTTP ${response.status}`);
  return (await response.json()) as T;
}
