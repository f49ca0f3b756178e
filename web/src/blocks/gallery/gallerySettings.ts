// The imageGallery block's settings (blocks §3.11, catalogue IMAGE_GALLERY) read defensively: a
// stored block may hold numbers as strings, miss keys or hold values out of range. Every reader
// falls back to the catalogue default (or, where the catalogue has none, the default named here)
// and clamps to the catalogue's range, so the view never sees a value it cannot draw.
import type { ImageGalleryConfig } from '../../generated/blockConfigs';
import type { BoardBlock } from '../../generated/api';
import { flagOf } from '../settingValues';

export const LAYOUTS = ['grid', 'masonry', 'carousel', 'FullScreenView'] as const;
export const CURSOR_EFFECTS = ['none', 'scale', 'zoom', 'rotate', 'brightness', 'shadow'] as const;
export const ANIMATIONS = ['none', 'fade', 'slide', 'zoom', 'flip', 'rotate'] as const;
export const ICONS = ['info', 'check', 'star', 'heart', 'image', 'tag', 'bookmark'] as const;

export type GalleryLayout = (typeof LAYOUTS)[number];
export type CursorEffect = (typeof CURSOR_EFFECTS)[number];
export type GalleryAnimation = (typeof ANIMATIONS)[number];
export type GalleryIcon = (typeof ICONS)[number];

export const DEFAULT_PADDING = 24;
/** The catalogue's floor under the intervals (MIN_SLIDE_MS): a save below it is refused. */
export const MIN_INTERVAL = 500;
export const DEFAULT_INTERVAL = 3000;
/**
 * `Transparent` is read as the transparency of the caption's background over the image (the image
 * itself stays opaque: a see-through photo helps nobody). The catalogue has no default; 0.3 keeps
 * white text readable on a light photo while letting the image show through.
 */
export const DEFAULT_TRANSPARENCY = 0.3;
/** The catalogue gives `columns` no default; three matches grid_columns' default. */
export const DEFAULT_COLUMNS = 3;
/** The catalogue's ceiling on gallery_padding. */
export const MAX_PADDING = 100;

export interface AutoScroll {
  enabled: boolean;
  /** Milliseconds between slides. */
  interval: number;
}

export interface GallerySettings {
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

const isSet = (value: unknown) => value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');

/** A number in [min, max], rounded when `integer`; `fallback` when unset or not a number. */
export function clampNumber(value: unknown, min: number, max: number, fallback: number, integer = true): number {
  const n = isSet(value) && typeof value !== 'boolean' ? Number(value) : NaN;
  if (!Number.isFinite(n)) return fallback;
  const clamped = Math.min(max, Math.max(min, n));
  return integer ? Math.round(clamped) : clamped;
}

function oneOf<T extends string>(options: readonly T[], value: unknown, fallback: T): T {
  if (typeof value !== 'string') return fallback;
  const wanted = value.trim().toLowerCase();
  return options.find((option) => option.toLowerCase() === wanted) ?? fallback;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * A colour as CSS understands it (hex, rgb()/hsl(), a named colour), or null. Colours go into
 * custom properties, which accept any text, so anything else (a url(), a second declaration) is
 * dropped here rather than reaching the page.
 */
export function cssColour(value: unknown): string | null {
  const colour = text(value);
  if (/^#[0-9a-f]{3,8}$/i.test(colour) || /^[a-z]{3,30}$/i.test(colour) || /^(rgb|rgba|hsl|hsla)\([\d\s.,%/+-]+\)$/i.test(colour)) {
    return colour;
  }
  return null;
}

/** Masonry `columns`: '2'..'5' or 2..5, 'auto'; anything else the default. */
export function masonryColumns(value: unknown): number | 'auto' {
  if (typeof value === 'string' && value.trim().toLowerCase() === 'auto') return 'auto';
  const n = Number(value);
  return isSet(value) && Number.isInteger(n) && n >= 2 && n <= 5 ? n : DEFAULT_COLUMNS;
}

/**
 * An auto-scroll interval: the default when unset or unreadable; a value stored before the
 * catalogue's floor existed is read as that floor, the nearest interval a save accepts.
 */
export function interval(value: unknown): number {
  const n = isSet(value) ? Number(value) : NaN;
  return Number.isFinite(n) ? Math.max(MIN_INTERVAL, Math.round(n)) : DEFAULT_INTERVAL;
}

export function readGallerySettings(block: BoardBlock): GallerySettings {
  const config = block as unknown as Record<keyof ImageGalleryConfig, unknown>;
  return {
    imageColumn: text(config.image_column),
    captionColumn: text(config.caption_column),
    descriptionColumn: text(config.description_column),
    layout: oneOf(LAYOUTS, config.layout, 'masonry'),
    columns: masonryColumns(config.columns),
    gridColumns: clampNumber(config.grid_columns, 2, 5, 3),
    padding: clampNumber(config.gallery_padding, 0, MAX_PADDING, DEFAULT_PADDING),
    carousel: { enabled: flagOf(config.carousel_auto_scroll), interval: interval(config.carousel_interval) },
    fullscreen: { enabled: flagOf(config.fullscreen_auto_scroll), interval: interval(config.fullscreen_interval) },
    lightbox: flagOf(config.lightbox_enabled),
    popup: flagOf(config.popup),
    cursorEffect: oneOf(CURSOR_EFFECTS, config.cursor_effect, 'none'),
    animation: oneOf(ANIMATIONS, config.animation, 'none'),
    // A border switched on with no width would draw nothing; one pixel is what the user expects.
    border: flagOf(config.border) ? { width: clampNumber(config.border_width, 0, 5, 1), color: cssColour(config.border_color) ?? '#e5e7eb' } : null,
    radius: clampNumber(config.border_radius, 0, 5, 0),
    shadow: clampNumber(config.shadow, 0, 5, 0),
    margin: {
      top: clampNumber(config.margin_top, 0, 100, 0),
      right: clampNumber(config.margin_right, 0, 100, 0),
      bottom: clampNumber(config.margin_bottom, 0, 100, 0),
      left: clampNumber(config.margin_left, 0, 100, 0),
    },
    transparency: clampNumber(config.Transparent, 0, 1, DEFAULT_TRANSPARENCY, false),
    icon: flagOf(config.show_icon) ? oneOf(ICONS, config.icon, 'info') : null,
    iconColor: cssColour(config.icon_color),
    captionColor: cssColour(config.caption_color),
    captionBackground: cssColour(config.caption_background_color),
    descriptionColor: cssColour(config.description_color),
    thumbnailBackground: cssColour(config.thumbnail_background_color),
  };
}
