// The grid and masonry layouts: every image at once, in columns that follow the block's own width
// (gallery.css). Masonry gives its images varied heights from a repeating pattern of ratios rather
// than their natural sizes, so nothing moves when the images arrive.
import type { CSSProperties } from 'react';
import type { GalleryImage } from './galleryItems';
import type { GalleryLook } from './galleryLook';
import { GalleryPicture } from './GalleryPicture';

export const MASONRY_RATIOS = ['3 / 4', '1 / 1', '4 / 3', '2 / 3', '3 / 2', '4 / 5'];
export const GRID_RATIO = '4 / 3';

export function TileLayout({ images, settings, onOpen }: { images: GalleryImage[]; settings: GalleryLook; onOpen?: (index: number) => void }) {
  const masonry = settings.layout === 'masonry';
  const columns = masonry ? settings.columns : settings.gridColumns;
  return (
    <ul className={`gallery-tiles gallery-${masonry ? 'masonry' : 'grid'} gallery-cols-${columns}`}>
      {images.map((image, index) => (
        // The index staggers the entrance animation of the first images.
        <li key={image.key} className={`gallery-tile gallery-anim-${settings.animation}`} style={{ '--gallery-order': Math.min(index, 12) } as CSSProperties}>
          <GalleryPicture
            image={image}
            number={index + 1}
            icon={settings.icon}
            ratio={masonry ? MASONRY_RATIOS[index % MASONRY_RATIOS.length] : GRID_RATIO}
            onOpen={onOpen && (() => onOpen(index))}
          />
        </li>
      ))}
    </ul>
  );
}
