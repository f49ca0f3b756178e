// An opened image: the lightbox (lightbox_enabled: previous/next and the arrow keys move through
// the gallery) or the simple popup (popup: this image only). Both are the app's Popup, which
// takes focus when it opens, gives it back to the clicked image when it closes, and closes on
// Escape and its close button.
import { useEffect, useRef } from 'react';
import { Popup } from '../../components/Popup';
import type { GalleryImage } from './galleryItems';
import { imageName } from './GalleryPicture';

export function ImageDialog({
  images,
  index,
  onClose,
  onMove,
}: {
  images: GalleryImage[];
  index: number;
  onClose: () => void;
  /** The lightbox: show the image at this index (wrapping at both ends). */
  onMove?: (index: number) => void;
}) {
  const image = images[index];
  const count = images.length;
  const navigable = onMove !== undefined && count > 1;
  const move = (by: number) => onMove?.((index + by + count) % count);
  const moveRef = useRef(move);
  moveRef.current = move;

  useEffect(() => {
    if (!navigable) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
        event.preventDefault();
        moveRef.current(event.key === 'ArrowRight' ? 1 : -1);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navigable]);

  return (
    <Popup title={imageName(image, index + 1)} onClose={onClose} maxWidth={960}>
      <figure className="gallery-dialog">
        <div className="gallery-dialog-frame">
          <img src={image.src} alt={image.caption} decoding="async" />
        </div>
        {image.description && (
          <figcaption className="gallery-dialog-text">
            <p className="gallery-description">{image.description}</p>
          </figcaption>
        )}
        {navigable && (
          <div className="gallery-dialog-nav">
            <button type="button" className="gallery-dialog-button" onClick={() => move(-1)}>
              Previous
            </button>
            <span aria-live="polite">
              {index + 1} / {count}
            </span>
            <button type="button" className="gallery-dialog-button" onClick={() => move(1)}>
              Next
            </button>
          </div>
        )}
      </figure>
    </Popup>
  );
}
