// `score_card` is the older spelling of `scorecard` (blocks.md §1). The server stores the new one
// (tessera-blocks' `BlockType::parse`), but boards saved before may still hold the old; the
// browser reads both through this one function, since its views are chosen before the WASM core
// (which has the same rule) is loaded.
export function canonicalType(type: string): string {
  return type === 'score_card' ? 'scorecard' : type;
}
