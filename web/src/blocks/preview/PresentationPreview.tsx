// The preview of the blocks that read no sheet (blocks §3.14, §3.16-§3.20). Those with a view of
// their own (event, features, banner, iframe) are drawn by it; header and footer, which the app
// shell draws, show their settings compactly: titles, item lists and images by their address.
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Loading } from '../../components/Loading';
import type { BlockConfig, Core } from '../../core/wasm';
import type { StandaloneBlockProps } from '../data/types';
import { IframeBody } from '../iframe/IframeBlock';
import { isStandalone, loadStandaloneView } from '../registry';

type Json = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const items = (value: unknown): Json[] => (Array.isArray(value) ? value.filter((v): v is Json => typeof v === 'object' && v !== null) : []);

function Picture({ src, alt, className }: { src: unknown; alt: string; className?: string }) {
  const address = text(src);
  return address ? <img className={className} src={address} alt={alt} loading="lazy" /> : null;
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

function body(block: BlockConfig): ReactNode {
  switch (block.type) {
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
    default:
      return null;
  }
}

/** A block that reads no rows, drawn by its own view: the preview is what visitors will see. */
function StandalonePreview({ block }: { block: BlockConfig }) {
  const [view, setView] = useState<{ type: string; View?: ComponentType<StandaloneBlockProps>; error?: unknown }>();
  useEffect(() => {
    let live = true;
    loadStandaloneView(block.type).then(
      (View) => live && setView({ type: block.type, View }),
      (error: unknown) => live && setView({ type: block.type, error }),
    );
    return () => {
      live = false;
    };
  }, [block.type]);
  if (view?.type !== block.type) return <Loading />;
  if (!view.View) {
    return (
      <p className="form-error" role="alert">
        {view.error instanceof Error ? view.error.message : 'The preview could not load.'}
      </p>
    );
  }
  const View = view.View;
  return <View block={{ id: 'preview', ...block }} />;
}

/** The frame the server would answer for the pasted code, computed by the same parser in WASM. */
function IframePreview({ core, block }: { core: Core; block: BlockConfig }) {
  const answer = core.iframeFrame(text(block.iframe_code));
  return <IframeBody block={{ id: 'preview', ...block }} view={{ kind: 'iframe', ...answer }} />;
}

export function PresentationPreview({ core, block }: { core: Core; block: BlockConfig }) {
  if (isStandalone(block.type)) return <StandalonePreview block={block} />;
  if (block.type === 'iframe') return <IframePreview core={core} block={block} />;
  return <div className="preview-presentation">{body(block)}</div>;
}
