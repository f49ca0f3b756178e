// The gallery's images from the block's rows: one per row with an image address the browser may
// load. A `javascript:` or `data:` value typed into the sheet never reaches an <img src>.
import { imageUrl } from '../urls';
import { RECORD_ID } from '../details/DetailsPopup';
import type { GalleryLook } from './galleryLook';

export interface GalleryImage {
  key: string;
  src: string;
  caption: string;
  description: string;
}

export function galleryImages(
  rows: Record<string, string>[],
  settings: Pick<GalleryLook, 'imageColumn' | 'captionColumn' | 'descriptionColumn'>,
): GalleryImage[] {
  if (!settings.imageColumn) return [];
  const cell = (row: Record<string, string>, column: string) => (column ? (row[column] ?? '').trim() : '');
  return rows.flatMap((row, index) => {
    const src = imageUrl(row[settings.imageColumn] ?? '');
    if (!src) return [];
    return [{ key: row[RECORD_ID] || String(index), src, caption: cell(row, settings.captionColumn), description: cell(row, settings.descriptionColumn) }];
  });
}
