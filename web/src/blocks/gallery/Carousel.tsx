// The carousel layout: one slide at a time, previous/next, dots, arrow keys while focused, and
// auto-scroll (carousel_auto_scroll, carousel_interval) through useSlideshow.
import { SlideStage, type SlideLayoutProps } from './SlideStage';
import { useSlideshow } from './useSlideshow';

/** More dots than this no longer fit a narrow block nor help anyone pick: a counter instead. */
export const MAX_DOTS = 15;

export function Carousel({ images, settings, onOpen, held }: SlideLayoutProps) {
  const slides = useSlideshow(images.length, settings.carousel, held);
  return (
    <section className="gallery-carousel" aria-roledescription="carousel" aria-label="Image gallery" tabIndex={0} {...slides.handlers}>
      <div aria-live={slides.playing ? 'off' : 'polite'}>
        <SlideStage images={images} slides={slides} settings={settings} onOpen={onOpen} />
      </div>
      {images.length > 1 &&
        (images.length <= MAX_DOTS ? (
          <div className="gallery-dots">
            {images.map((image, index) => (
              <button
                key={image.key}
                type="button"
                className="gallery-dot"
                aria-label={`Show image ${index + 1}`}
                aria-current={index === slides.index ? 'true' : undefined}
                onClick={() => slides.show(index)}
              />
            ))}
          </div>
        ) : (
          <p className="gallery-dots gallery-counter">
            {slides.index + 1} / {images.length}
          </p>
        ))}
    </section>
  );
}
