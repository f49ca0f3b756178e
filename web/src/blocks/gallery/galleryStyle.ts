// The gallery's settings as CSS custom properties on its root: gallery.css reads them, so every
// layout, the thumbnails and the dialogs draw borders, corners, shadows and colours the same way.
import type { CSSProperties } from 'react';
import type { GalleryLook } from './galleryLook';

/** Corner radius of the 0-5 slider, px. */
export const RADII = [0, 4, 8, 12, 16, 20];

/** Shadows of the 0-5 slider, each a little deeper. */
export const SHADOWS = [
  'none',
  '0 1px 2px rgb(0 0 0 / 12%)',
  '0 2px 6px rgb(0 0 0 / 14%)',
  '0 4px 12px rgb(0 0 0 / 16%)',
  '0 8px 20px rgb(0 0 0 / 18%)',
  '0 12px 32px rgb(0 0 0 / 22%)',
];

type Vars = Record<`--${string}`, string>;

export function galleryStyle(settings: GalleryLook): CSSProperties {
  const { margin } = settings;
  const optional = (name: `--${string}`, value: string | null): Vars => (value ? { [name]: value } : {});
  const vars: Vars = {
    '--gallery-gap': `${settings.padding}px`,
    '--gallery-radius': `${RADII[settings.radius]}px`,
    '--gallery-shadow': SHADOWS[settings.shadow],
    '--gallery-border': settings.border ? `${settings.border.width}px solid ${settings.border.color}` : 'none',
    '--gallery-caption-alpha': `${Math.round((1 - settings.transparency) * 100)}%`,
    ...optional('--gallery-caption-color', settings.captionColor),
    ...optional('--gallery-caption-bg', settings.captionBackground),
    ...optional('--gallery-description-color', settings.descriptionColor),
    ...optional('--gallery-thumb-bg', settings.thumbnailBackground),
    ...optional('--gallery-icon-color', settings.iconColor),
  };
  return { ...vars, margin: `${margin.top}px ${margin.right}px ${margin.bottom}px ${margin.left}px` } as CSSProperties;
}
