// Text rules the browser's first-paint copies of core rules need to read text as Rust does.

/** Rust's `str::trim`: Unicode White_Space at both ends (JavaScript's `trim` differs on a few characters). */
export function trimAsRust(text: string): string {
  return text.replace(/^\p{White_Space}+|\p{White_Space}+$/gu, '');
}
