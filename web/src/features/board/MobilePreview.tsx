/** platform §9: the mobile preview is at most 310 x 600 px on screen (the phone's bezel included). */
export const MOBILE_PREVIEW = { width: 310, height: 600 } as const;
/** The bezel drawn around the screen, in px on each side. */
const BEZEL = 8;
/**
 * The width phones lay a page out at (an iPhone 12 to 15's CSS viewport): narrower frames hit
 * breakpoints no phone hits, so the preview lays the board out at this width and scales it down.
 */
export const PHONE_VIEWPORT_WIDTH = 390;
const SCALE = (MOBILE_PREVIEW.width - 2 * BEZEL) / PHONE_VIEWPORT_WIDTH;
/** The viewport's height at that scale fills the frame's height. */
export const PHONE_VIEWPORT_HEIGHT = Math.round((MOBILE_PREVIEW.height - 2 * BEZEL) / SCALE);

/**
 * The board as a phone shows it: its own `/embed` page (the visitors' layout, no bars) in a frame
 * of a phone's viewport, so the breakpoints apply exactly as on a phone, scaled to the preview's
 * size. It shows what is saved.
 */
export function MobilePreview({ slug, name }: { slug: string; name: string }) {
  return (
    <div className="mobile-preview">
      <div className="mobile-preview-phone" style={{ width: MOBILE_PREVIEW.width, height: MOBILE_PREVIEW.height, borderWidth: BEZEL }}>
        <iframe
          title={`Mobile preview of ${name}`}
          src={`/embed?${new URLSearchParams({ board: slug })}`}
          width={PHONE_VIEWPORT_WIDTH}
          height={PHONE_VIEWPORT_HEIGHT}
          style={{ transform: `scale(${SCALE})` }}
        />
      </div>
    </div>
  );
}
