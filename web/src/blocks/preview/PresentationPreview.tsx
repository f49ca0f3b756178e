// The preview of the blocks that read no sheet (blocks §3.14, §3.16-§3.20): their settings drawn
// compactly as a visitor would read them: titles, texts, item lists and images by their address.
import type { ReactNode } from 'react';
import type { BlockConfig } from '../../core/wasm';

type Json = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const items = (value: unknown): Json[] => (Array.isArray(value) ? value.filter((v): v is Json => typeof v === 'object' && v !== null) : []);

function Picture({ src, alt, className }: { src: unknown; alt: string; className?: string }) {
  const address = text(src);
  return address ? <img className={className} src={address} alt={alt} loading="lazy" /> : null;
}

/** A feature's icon as its type says: an image, a Font Awesome name (shown as its name) or text. */
function FeatureIcon({ feature }: { feature: Json }) {
  const icon = text(feature.icon);
  if (!icon) return null;
  if (feature.iconType === 'image') return <Picture src={icon} alt="" className="preview-icon" />;
  return <span className="preview-icon">{icon}</span>;
}

function Features({ features, layout }: { features: Json[]; layout?: unknown }) {
  if (features.length === 0) return <p className="muted">No features yet.</p>;
  return (
    <ul className={`preview-features ${text(layout) || 'list'}`}>
      {features.map((feature, i) => (
        <li key={i}>
          <FeatureIcon feature={feature} />
          <strong>{text(feature.title) || `Feature ${i + 1}`}</strong>
          {text(feature.description) && <span>{text(feature.description)}</span>}
        </li>
      ))}
    </ul>
  );
}

function Links({ label, links, name }: { label: string; links: Json[]; name: (link: Json) => string }) {
  if (links.length === 0) return null;
  return (
    <nav aria-label={label} className="preview-links">
      {links.map((link, i) => (
        <span key={i}>{name(link) || `(item ${i + 1})`}</span>
      ))}
    </nav>
  );
}

/** `<iframe src=...>` of the pasted code, drawn only for an http(s) address and sandboxed. */
function IframePreview({ code }: { code: string }) {
  if (!code) return <p className="muted">Paste the iframe code to see it here.</p>;
  const frame = new DOMParser().parseFromString(code, 'text/html').querySelector('iframe');
  const src = frame?.getAttribute('src') ?? '';
  if (!/^https?:\/\//i.test(src)) {
    return (
      <p className="form-error" role="alert">
        The code has no iframe with an http or https address.
      </p>
    );
  }
  return <iframe className="preview-iframe" title="Iframe preview" src={src} sandbox="allow-scripts allow-same-origin" loading="lazy" />;
}

function body(block: BlockConfig): ReactNode {
  switch (block.type) {
    case 'event': {
      const when = [text(block.start_date), text(block.start_time)].filter(Boolean).join(' ');
      const until = [text(block.end_date), text(block.end_time)].filter(Boolean).join(' ');
      const place = block.Location === 'Webinar' ? text(block.link) : text(block.address);
      return (
        <div className="preview-event">
          <Picture src={block.image} alt="Event" className="preview-image" />
          <strong>{text(block.event_title) || 'Untitled event'}</strong>
          {text(block.description) && <p>{text(block.description)}</p>}
          {when && <p>{until ? `${when} to ${until}` : when}</p>}
          {place && <p>{place}</p>}
          {text(block.registration_deadline) && <p>{`Register by ${text(block.registration_deadline)}`}</p>}
          {block.registration_button === true && <span className="preview-button">{text(block.registration_button_text) || 'Register'}</span>}
          <Links label="Social icons" links={items(block.socialIcons)} name={(icon) => text(icon.icon) || text(icon.url)} />
        </div>
      );
    }
    case 'featureslayout':
      return <Features features={items(block.features)} layout={block.FeatureLayout} />;
    case 'ImageGrid':
    case 'imageAccordian':
      return (
        <>
          <Features features={items(block.features)} layout="grid" />
          {text(block.learn_more_text) && <span className="preview-button">{text(block.learn_more_text)}</span>}
        </>
      );
    case 'bannerHero':
      return (
        <div className={`preview-banner ${text(block.imagePosition) || 'left'}`}>
          <Picture src={block.background_image} alt="Background" className="preview-image" />
          <Picture src={block.foreground_image} alt="Foreground" className="preview-image" />
          {text(block.subtitle) && <p>{text(block.subtitle)}</p>}
          <Features features={items(block.features)} layout={block.FeatureLayout} />
        </div>
      );
    case 'footer':
      return (
        <div className="preview-footer">
          {text(block.footerLayoutType) && <span className="preview-meta">{text(block.footerLayoutType)}</span>}
          <Picture src={block.logoImage} alt="Logo" className="preview-logo" />
          <Links label="Sub-links" links={items(block.footerSublinks)} name={(link) => text(link.text)} />
          <Links label="Links" links={items(block.simpleLinks)} name={(link) => text(link.text)} />
          <Links label="Contact items" links={items(block.contactItems)} name={(item) => [item.type === 'phone' ? text(item.countryCode) : '', text(item.value)].filter(Boolean).join(' ')} />
          <Links label="Social links" links={items(block.socialItems)} name={(item) => text(item.type)} />
          {text(block.copyrightText) && <small>{text(block.copyrightText)}</small>}
        </div>
      );
    case 'header':
      return (
        <div className={`preview-header ${text(block.LayoutType).toLowerCase()}`}>
          <Picture src={block.Logo} alt="Logo" className="preview-logo" />
          {text(block.HeaderTitle) && <strong>{text(block.HeaderTitle)}</strong>}
          <Links label="Navigation" links={items(block.navigationItems)} name={(item) => text(item.name)} />
          {block.UserMenu === true && <Picture src={block.userProfileImage} alt="Profile" className="preview-logo" />}
        </div>
      );
    case 'iframe':
      return <IframePreview code={text(block.iframe_code)} />;
    default:
      return null;
  }
}

export function PresentationPreview({ block }: { block: BlockConfig }) {
  return <div className="preview-presentation">{body(block)}</div>;
}
