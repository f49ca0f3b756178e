/** "1 row", "1,250 rows". */
export function rowsLabel(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'row' : 'rows'}`;
}

/** A fetch time (Unix seconds) in the viewer's locale and time zone. */
export function fetchedLabel(seconds: number): string {
  return new Date(seconds * 1000).toLocaleString();
}
