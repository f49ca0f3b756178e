// The block types of blocks.md §1 as 'Choose Your Block' offers them, for boards and app pages
// alike. The `type` values and their order are the server's (server/src/blocks.rs TYPES), so a
// picked type is always one the server stores.

export interface BlockTypeInfo {
  type: string;
  name: string;
  description: string;
}

export const BLOCK_TYPES = [
  { type: 'chart', name: 'Chart', description: "Bar, line, pie and other charts of a sheet's columns." },
  { type: 'list', name: 'List', description: 'Rows as a list of cards with images and buttons.' },
  { type: 'imageGallery', name: 'Image Gallery', description: 'A gallery of the images in a sheet column.' },
  { type: 'table', name: 'Table', description: 'Rows in a table you can sort and search.' },
  { type: 'calendar', name: 'Calendar', description: 'Rows with dates placed on a calendar.' },
  { type: 'form', name: 'Form', description: 'A form whose answers are added as rows.' },
  { type: 'event', name: 'Event', description: 'An event with its title, description and details.' },
  { type: 'featureslayout', name: 'Features Layout', description: 'Features with icons, titles and descriptions.' },
  { type: 'datalist', name: 'Data List', description: 'Label and value pairs of each record.' },
  { type: 'ImageGrid', name: 'Image Grid', description: 'Four features in a grid with a Learn More button.' },
  { type: 'bannerHero', name: 'Banner Hero', description: 'A banner with images, a title, a subtitle and features.' },
  { type: 'footer', name: 'Footer', description: 'Links, contacts and social icons at the foot of the page.' },
  { type: 'imageAccordian', name: 'Image Accordion', description: 'Four features as image panels that open in turn.' },
  { type: 'header', name: 'Header', description: 'A logo and navigation links.' },
  { type: 'itemDetails', name: 'Item Details', description: "One record's fields, for a detail page." },
  { type: 'grid', name: 'Grid', description: 'Rows as a grid of cards.' },
  { type: 'markdown', name: 'Markdown', description: 'Formatted text, with column values in brackets.' },
  { type: 'iframe', name: 'Iframe', description: 'Another web page, from pasted iframe code.' },
  { type: 'scorecard', name: 'Scorecard', description: 'Sums, averages and counts of columns.' },
  { type: 'map', name: 'Map', description: 'Rows placed on a map by their address.' },
] as const satisfies readonly BlockTypeInfo[];

export type BlockType = (typeof BLOCK_TYPES)[number]['type'];

/**
 * The human name of a block type; an unknown type shows as it is spelt, and score_card is the
 * older spelling of scorecard (blocks.md §1).
 */
export function blockTypeName(type: string): string {
  const normalised = type === 'score_card' ? 'scorecard' : type;
  return BLOCK_TYPES.find((info) => info.type === normalised)?.name ?? type;
}
