/**
 * Tags as typed: split at commas, trimmed, lower-cased, each once, blanks dropped. The server
 * applies the same rule to what it stores; doing it here shows the chips it will keep.
 */
export function addTags(tags: readonly string[], typed: string): string[] {
  const next = [...tags];
  for (const part of typed.split(',')) {
    const tag = part.trim().toLowerCase();
    if (tag && !next.includes(tag)) next.push(tag);
  }
  return next;
}
