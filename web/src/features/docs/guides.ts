// The user guides of docs/guide/, as the server answers them (server/src/docs_guides.rs:
// compiled into the binary, rendered and sanitised there), and the search over them.
import type { Guide } from '../../generated/api';
import { getGuides } from './docsApi';

export type { Guide };

let guides: Promise<Guide[]> | null = null;

/** The guides, in reading order; asked once per page load (again after a failure). */
export function loadGuides(): Promise<Guide[]> {
  guides ??= getGuides().catch((failure: unknown) => {
    guides = null;
    throw failure;
  });
  return guides;
}

export interface GuideHit {
  guide: Guide;
  /** Where the text matched, a few words either side, with the match apart for highlighting. */
  excerpt: { before: string; match: string; after: string } | null;
}

const EXCERPT_BEFORE = 40;
const EXCERPT_AFTER = 90;

/** The words of a search, lower-cased. */
export function searchWords(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * The guides whose title or text holds every word of `query` (any case), title matches first,
 * each with an excerpt around the first word in its text.
 */
export function findGuides(all: readonly Guide[], query: string): GuideHit[] {
  const words = searchWords(query);
  if (words.length === 0) return [];
  const hits = all.filter((guide) => {
    const haystack = `${guide.title}\n${guide.text}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
  const inTitle = (guide: Guide) => words.some((word) => guide.title.toLowerCase().includes(word));
  return [...hits.filter(inTitle), ...hits.filter((guide) => !inTitle(guide))].map((guide) => ({ guide, excerpt: excerpt(guide.text, words[0]) }));
}

function excerpt(text: string, word: string): GuideHit['excerpt'] {
  const at = text.toLowerCase().indexOf(word);
  if (at < 0) return null;
  // Cut at spaces, so the excerpt shows whole words.
  const start = at <= EXCERPT_BEFORE ? 0 : text.indexOf(' ', at - EXCERPT_BEFORE) + 1;
  const endAt = text.indexOf(' ', at + word.length + EXCERPT_AFTER);
  const end = endAt < 0 ? text.length : endAt;
  return {
    before: `${start > 0 ? '…' : ''}${text.slice(start, at)}`,
    match: text.slice(at, at + word.length),
    after: `${text.slice(at + word.length, end)}${end < text.length ? '…' : ''}`,
  };
}
