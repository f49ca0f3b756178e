// The one large image of the carousel and the full-screen view, with previous and next buttons.
// Its height comes from the block's width (gallery.css), never from the image, so moving between
// slides of different shapes does not move the page.
import type { ReactNode } from 'react';
import { faChevronLeft, faChevronRight } from '@fortawesome/free-solid-svg-icons';
import { FaIcon } from '../icons/FaIcon';
import type { GalleryImage } from './galleryItems';
import type { GalleryLook } from './galleryLook';
import { GalleryPicture } from './GalleryPicture';
import type { Slideshow } from './useSlideshow';

/** What the carousel and the full-screen view are given. */
export interface SlideLayoutProps {
  images: GalleryImage[];
  settings: GalleryLook;
  onOpen?: (index: number) => void;
  /** An image is open in a dialog: auto-scroll waits. */
  held: boolean;
}

export function SlideStage({
  images,
  slides,
  settings,
  onOpen,
  children,
}: {
  images: GalleryImage[];
  slides: Slideshow;
  settings: GalleryLook;
  onOpen?: (index: number) => void;
  /** More controls laid over the stage (the full-screen button). */
  children?: ReactNode;
}) {
  const { index } = slides;
  const image = images[index];
  return (
    <div className="gallery-stage">
      {/* Keyed by the slide so its entrance animation plays for each new image. */}
      <div
        key={image.key}
        className={`gallery-slide gallery-anim-${settings.animation}`}
        role="group"
        aria-roledescription="slide"
        aria-label={`${index + 1} of ${images.length}`}
      >
        <GalleryPicture image={image} number={index + 1} icon={settings.icon} onOpen={onOpen && (() => onOpen(index))} />
      </div>
      {images.length > 1 && (
        <>
          <button type="button" className="gallery-nav gallery-nav-prev" aria-label="Previous image" onClick={slides.prev}>
            <FaIcon icon={faChevronLeft} />
          </button>
          <button type="button" className="gallery-nav gallery-nav-next" aria-label="Next image" onClick={slides.next}>
            <FaIcon icon={faChevronRight} />
          </button>
        </>
      )}
      {children}
    </div>
  );
}
