// One image of the gallery in its frame: the image box is reserved before the image arrives (the
// frame's aspect ratio, the image covering it), the caption and description laid over its foot,
// the optional icon badge, and, when a click opens the image, a button over the whole frame.
import type { CSSProperties } from 'react';
import type { IconDefinition } from '@fortawesome/fontawesome-common-types';
import { faBookmark, faCheck, faCircleInfo, faHeart, faImage, faStar, faTag } from '@fortawesome/free-solid-svg-icons';
import { FaIcon } from '../icons/FaIcon';
import type { GalleryImage } from './galleryItems';
import type { GalleryIcon } from './galleryLook';

const ICONS: Record<GalleryIcon, IconDefinition> = {
  info: faCircleInfo,
  check: faCheck,
  star: faStar,
  heart: faHeart,
  image: faImage,
  tag: faTag,
  bookmark: faBookmark,
};

/** The name of an image for a button or dialog: its caption, else its place in the gallery. */
export const imageName = (image: GalleryImage, number: number) => image.caption || `Image ${number}`;

export function GalleryPicture({
  image,
  number,
  icon,
  ratio,
  onOpen,
}: {
  image: GalleryImage;
  /** 1-based place in the gallery. */
  number: number;
  icon: GalleryIcon | null;
  /** CSS aspect-ratio of the frame; none when the frame's container sizes it. */
  ratio?: string;
  onOpen?: () => void;
}) {
  const style: CSSProperties | undefined = ratio ? { aspectRatio: ratio } : undefined;
  return (
    <div className="gallery-frame" style={style}>
      <img className="gallery-image" src={image.src} alt={image.caption} loading="lazy" decoding="async" />
      {icon && (
        <span className="gallery-badge" data-icon={icon}>
          <FaIcon icon={ICONS[icon]} />
        </span>
      )}
      {(image.caption || image.description) && (
        <div className="gallery-caption">
          {image.caption && <p className="gallery-caption-title">{image.caption}</p>}
          {image.description && <p className="gallery-description">{image.description}</p>}
        </div>
      )}
      {onOpen && <button type="button" className="gallery-open" aria-haspopup="dialog" aria-label={imageName(image, number)} onClick={onOpen} />}
    </div>
  );
}
