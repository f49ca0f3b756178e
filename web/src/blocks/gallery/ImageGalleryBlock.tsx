// imageGallery block (blocks §3.11): the images of a column of the block's sheet, with their
// captions and descriptions, as a grid, a masonry wall, a carousel or a full-screen view. A click
// on an image opens it in the lightbox (lightbox_enabled) or, failing that, a popup (popup).
import { useState } from 'react';
import { useBlockRows } from '../data/hooks';
import { BlockLoadState, NoRows } from '../data/BlockLoadState';
import type { DataBlockProps, RowsQuery } from '../data/types';
import { Carousel } from './Carousel';
import { FullScreenView } from './FullScreenView';
import { firstPageSize } from '../capabilities';
import { galleryImages, type GalleryImage } from './galleryItems';
import { galleryLook, type GalleryLook } from './galleryLook';
import { galleryStyle } from './galleryStyle';
import { ImageDialog } from './ImageDialog';
import { TileLayout } from './TileLayout';
import './gallery.css';

/**
 * A gallery shows at most this many images (its capabilities' first page): more would be a long
 * download nobody scrolls through.
 */
export const MAX_IMAGES = firstPageSize('imageGallery');
const QUERY: RowsQuery = { page: 1, rowsPerPage: MAX_IMAGES };

function Layout({ images, settings, onOpen, held }: { images: GalleryImage[]; settings: GalleryLook; onOpen?: (index: number) => void; held: boolean }) {
  if (settings.layout === 'carousel') return <Carousel images={images} settings={settings} onOpen={onOpen} held={held} />;
  if (settings.layout === 'FullScreenView') return <FullScreenView images={images} settings={settings} onOpen={onOpen} held={held} />;
  return <TileLayout images={images} settings={settings} onOpen={onOpen} />;
}

export function ImageGalleryBlock({ block, source }: DataBlockProps<'imageGallery'>) {
  const settings = galleryLook(block);
  const { load } = useBlockRows(block, source, QUERY);
  const [open, setOpen] = useState<number | null>(null);
  const opens = settings.lightbox || settings.popup;

  return (
    <BlockLoadState load={load}>
      {(answer) => {
        const images = galleryImages(answer.rows, settings);
        if (images.length === 0) return <NoRows text="No images to show." />;
        const shown = open !== null && open < images.length ? open : null;
        return (
          <div className={`gallery gallery-effect-${settings.cursorEffect}`} style={galleryStyle(settings)}>
            {/* The dialog sits outside the body: its container query and the tiles' animations
                would otherwise become the containing block of the dialog's fixed overlay. */}
            <div className="gallery-body">
              <Layout images={images} settings={settings} onOpen={opens ? setOpen : undefined} held={shown !== null} />
            </div>
            {shown !== null && <ImageDialog images={images} index={shown} onClose={() => setOpen(null)} onMove={settings.lightbox ? setOpen : undefined} />}
          </div>
        );
      }}
    </BlockLoadState>
  );
}
