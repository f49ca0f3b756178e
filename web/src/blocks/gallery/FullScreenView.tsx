// The FullScreenView layout: one large image across the block, a strip of thumbnails under it,
// auto-scroll (fullscreen_auto_scroll, fullscreen_interval) and a button for the browser's real
// full screen.
import { useEffect, useRef } from 'react';
import { faCompress, faExpand } from '@fortawesome/free-solid-svg-icons';
import { FaIcon } from '../icons/FaIcon';
import { SlideStage, type SlideLayoutProps } from './SlideStage';
import { useFullscreen } from './useFullscreen';
import { useSlideshow } from './useSlideshow';

export function FullScreenView({ images, settings, onOpen, held }: SlideLayoutProps) {
  const slides = useSlideshow(images.length, settings.fullscreen, held);
  const root = useRef<HTMLElement>(null);
  const strip = useRef<HTMLUListElement>(null);
  const fullscreen = useFullscreen(root);

  // Keep the current thumbnail in sight by scrolling the strip only: scrollIntoView would also
  // scroll the page under a viewer reading elsewhere while the slides move on their own.
  useEffect(() => {
    const list = strip.current;
    const thumb = list?.children[slides.index] as HTMLElement | undefined;
    if (!list || !thumb) return;
    if (thumb.offsetLeft < list.scrollLeft || thumb.offsetLeft + thumb.offsetWidth > list.scrollLeft + list.clientWidth) {
      list.scrollLeft = thumb.offsetLeft - (list.clientWidth - thumb.offsetWidth) / 2;
    }
  }, [slides.index]);

  return (
    <section ref={root} className="gallery-fullscreen" aria-roledescription="carousel" aria-label="Image gallery" tabIndex={0} {...slides.handlers}>
      <div aria-live={slides.playing ? 'off' : 'polite'}>
        <SlideStage images={images} slides={slides} settings={settings} onOpen={onOpen}>
          {fullscreen.supported && (
            <button
              type="button"
              className="gallery-fullscreen-toggle"
              aria-label={fullscreen.active ? 'Exit full screen' : 'Full screen'}
              onClick={fullscreen.toggle}
            >
              <FaIcon icon={fullscreen.active ? faCompress : faExpand} />
            </button>
          )}
        </SlideStage>
      </div>
      <ul ref={strip} className="gallery-thumbs">
        {images.map((image, index) => (
          <li key={image.key}>
            <button
              type="button"
              className="gallery-thumb"
              aria-label={`Show image ${index + 1}`}
              aria-current={index === slides.index ? 'true' : undefined}
              onClick={() => slides.show(index)}
            >
              <img src={image.src} alt="" loading="lazy" decoding="async" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
