// The block types of blocks.md §1 in the server's order (server/src/blocks.rs TYPES), each with
// the name the 'Choose Your Block' picker shows.

export const BLOCK_TYPES = [
  { type: 'chart', name: 'Chart' },
  { type: 'list', name: 'List' },
  { type: 'imageGallery', name: 'Image Gallery' },
  { type: 'table', name: 'Table' },
  { type: 'calendar', name: 'Calendar' },
  { type: 'form', name: 'Form' },
  { type: 'event', name: 'Event' },
  { type: 'featureslayout', name: 'Features Layout' },
  { type: 'datalist', name: 'Data List' },
  { type: 'ImageGrid', name: 'Image Grid' },
  { type: 'bannerHero', name: 'Banner Hero' },
  { type: 'footer', name: 'Footer' },
  { type: 'imageAccordian', name: 'Image Accordion' },
  { type: 'header', name: 'Header' },
  { type: 'itemDetails', name: 'Item Details' },
  { type: 'grid', name: 'Grid' },
  { type: 'markdown', name: 'Markdown' },
  { type: 'iframe', name: 'Iframe' },
  { type: 'scorecard', name: 'Scorecard' },
  { type: 'map', name: 'Map' },
] as const;

export type BlockType = (typeof BLOCK_TYPES)[number]['type'];

/** The readable name of a block type; score_card is the older spelling of scorecard (blocks.md §1). */
export function blockTypeName(type: string): string {
  const normalised = type === 'score_card' ? 'scorecard' : type;
  return BLOCK_TYPES.find((entry) => entry.type === normalised)?.name ?? type;
}
