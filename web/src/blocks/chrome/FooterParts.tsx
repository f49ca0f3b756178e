// The sections a footer layout is made of (blocks §3.19). Each draws nothing when it has nothing to
// show, so a layout lists its sections without checking them.
import { faFacebook, faInstagram, faLinkedin } from '@fortawesome/free-brands-svg-icons';
import { faEnvelope, faLocationDot, faPhone } from '@fortawesome/free-solid-svg-icons';
import type { IconDefinition } from '@fortawesome/fontawesome-common-types';
import { FaIcon } from '../icons/FaIcon';
import type { ContactItem, ContactType, FooterLink, SocialItem, SocialType } from './footerLook';

const CONTACT_ICONS: Record<ContactType, IconDefinition> = { phone: faPhone, email: faEnvelope, address: faLocationDot };
const SOCIAL_ICONS: Record<SocialType, IconDefinition> = { instagram: faInstagram, facebook: faFacebook, linkedin: faLinkedin };

const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;

function LinkOrText({ link }: { link: FooterLink }) {
  if (!link.href) return <span>{link.text}</span>;
  return (
    <a href={link.href} {...(link.external ? NEW_TAB : {})}>
      {link.text}
    </a>
  );
}

export function LinkList({ links, className }: { links: FooterLink[]; className: string }) {
  if (links.length === 0) return null;
  return (
    <ul className={`footer-links ${className}`}>
      {links.map((link, index) => (
        <li key={index}>
          <LinkOrText link={link} />
        </li>
      ))}
    </ul>
  );
}

/** The footer's one navigation landmark: its simple links and sub-links, as the layout picks. */
export function FooterNav({ simple = [], sub = [] }: { simple?: FooterLink[]; sub?: FooterLink[] }) {
  if (simple.length === 0 && sub.length === 0) return null;
  return (
    <nav aria-label="Footer" className="footer-nav">
      <LinkList links={simple} className="footer-simple-links" />
      <LinkList links={sub} className="footer-sublinks" />
    </nav>
  );
}

function Contact({ item }: { item: ContactItem }) {
  return (
    <li className={`footer-contact footer-contact-${item.type}`}>
      {item.iconColour && <FaIcon icon={CONTACT_ICONS[item.type]} className="footer-icon" color={item.iconColour} />}
      <span className="footer-contact-text">
        {item.href ? <a href={item.href}>{item.text}</a> : <span>{item.text}</span>}
        {item.mapHref && (
          <a className="footer-map-link" href={item.mapHref} aria-label={`Map of ${item.text}`} {...NEW_TAB}>
            Map
          </a>
        )}
      </span>
    </li>
  );
}

/** Contact details: an <address>, the element for how to reach whoever the page belongs to. */
export function ContactList({ contacts }: { contacts: ContactItem[] }) {
  if (contacts.length === 0) return null;
  return (
    <address className="footer-contacts">
      <ul>
        {contacts.map((item, index) => (
          <Contact key={index} item={item} />
        ))}
      </ul>
    </address>
  );
}

export function SocialList({ socials }: { socials: SocialItem[] }) {
  if (socials.length === 0) return null;
  return (
    <ul className="footer-socials" aria-label="Social links">
      {socials.map((item, index) => {
        const content = (
          <>
            {item.iconColour && <FaIcon icon={SOCIAL_ICONS[item.type]} className="footer-icon" color={item.iconColour} />}
            <span className="footer-social-label">{item.label}</span>
          </>
        );
        return (
          <li key={index} className="footer-social">
            {item.href ? (
              <a href={item.href} {...NEW_TAB}>
                {content}
              </a>
            ) : (
              content
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** The logo's box is sized by CSS before the image arrives; the image fits inside it. */
export function FooterLogo({ src }: { src: string | null }) {
  if (!src) return null;
  return (
    <div className="footer-logo">
      <img src={src} alt="Logo" loading="lazy" decoding="async" />
    </div>
  );
}

export function Copyright({ text }: { text: string }) {
  return text ? <p className="footer-copyright">{text}</p> : null;
}
