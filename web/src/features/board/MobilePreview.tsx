/** platform §9: the mobile preview is at most 310 x 600 px. */
export const MOBILE_PREVIEW = { width: 310, height: 600 } as const;

/**
 * The board as a phone shows it: its own `/embed` page (the visitors' layout, no bars) in a frame
 * of the mobile size, so the breakpoints apply exactly as on a phone. It shows what is saved.
 */
export function MobilePreview({ slug, name }: { slug: string; name: string }) {
  return (
    <div className="mobile-preview">
      <iframe
        title={`Mobile preview of ${name}`}
        src={`/embed?${new URLSearchParams({ board: slug })}`}
        width={MOBILE_PREVIEW.width}
        height={MOBILE_PREVIEW.height}
      />
    </div>
  );
}
