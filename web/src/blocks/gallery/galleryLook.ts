// How the imageGallery block (blocks §3.11) looks, worked out from its normalised settings
// (`ImageGallerySettings`: every default filled and every number in its range by the catalogue).
// Colours are kept only when CSS reads them as colours.
import type { ImageGallerySettings } from '../../generated/blockConfigs';

export type GalleryLayout = ImageGallerySettings['layout'];
export type CursorEffect = ImageGallerySettings['cursor_effect'];
export type GalleryAnimation = ImageGallerySettings['animation'];
export type GalleryIcon = ImageGallerySettings['icon'];

export interface AutoScroll {
  enabled: boolean;
  /** Milliseconds between slides. */
  interval: number;
}

export interface GalleryLook {
  imageColumn: string;
  captionColumn: string;
  descriptionColumn: string;
  layout: GalleryLayout;
  /** Masonry columns: 2-5 or as many ~240 px columns as fit. */
  columns: number | 'auto';
  /** Grid columns, 2-5. */
  gridColumns: number;
  /** Gap between images and padding around them, px. */
  padding: number;
  carousel: AutoScroll;
  fullscreen: AutoScroll;
  lightbox: boolean;
  popup: boolean;
  cursorEffect: CursorEffect;
  animation: GalleryAnimation;
  /** Null: no border. */
  border: { width: number; color: string } | null;
  /** Levels 0-5 of the range sliders. */
  radius: number;
  shadow: number;
  margin: { top: number; right: number; bottom: number; left: number };
  /** 0 (opaque caption background) .. 1 (none). */
  transparency: number;
  /** Null: no icon badge. */
  icon: GalleryIcon | null;
  iconColor: string | null;
  captionColor: string | null;
  captionBackground: string | null;
  descriptionColor: string | null;
  thumbnailBackground: string | null;
}

/**
 * A colour as CSS understands it (hex, rgb()/hsl(), a named colour), or null. Colours go into
 * custom properties, which accept any text, so anything else (a url(), a second declaration) is
 * dropped here rather than reaching the page.
 */
export function cssColour(value: string | undefined): string | null {
  const colour = value?.trim() ?? '';
  if (/^#[0-9a-f]{3,8}$/i.test(colour) || /^[a-z]{3,30}$/i.test(colour) || /^(rgb|rgba|hsl|hsla)\([\d\s.,%/+-]+\)$/i.test(colour)) {
    return colour;
  }
  return null;
}

export function galleryLook(settings: ImageGallerySettings): GalleryLook {
  return {
    imageColumn: settings.image_column?.trim() ?? '',
    captionColumn: settings.caption_column?.trim() ?? '',
    descriptionColumn: settings.description_column?.trim() ?? '',
    layout: settings.layout,
    columns: settings.columns === 'auto' ? 'auto' : Number(settings.columns),
    gridColumns: settings.grid_columns,
    padding: settings.gallery_padding,
    carousel: { enabled: settings.carousel_auto_scroll, interval: settings.carousel_interval },
    fullscreen: { enabled: settings.fullscreen_auto_scroll, interval: settings.fullscreen_interval },
    lightbox: settings.lightbox_enabled,
    popup: settings.popup,
    cursorEffect: settings.cursor_effect,
    animation: settings.animation,
    border: settings.border ? { width: settings.border_width, color: cssColour(settings.border_color) ?? '#e5e7eb' } : null,
    radius: settings.border_radius,
    shadow: settings.shadow,
    margin: { top: settings.margin_top, right: settings.margin_right, bottom: settings.margin_bottom, left: settings.margin_left },
    transparency: settings.Transparent,
    icon: settings.show_icon ? settings.icon : null,
    iconColor: cssColour(settings.icon_color),
    captionColor: cssColour(settings.caption_color),
    captionBackground: cssColour(settings.caption_background_color),
    descriptionColor: cssColour(settings.description_color),
    thumbnailBackground: cssColour(settings.thumbnail_background_color),
  };
}
