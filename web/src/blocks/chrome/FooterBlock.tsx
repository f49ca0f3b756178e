// Footer block (blocks §3.19): logo, links, contacts, social links and copyright in one of five
// layouts. What each layout shows, and first:
//   Contact Centric Footer  contacts, then the links beside the social links, then logo and copyright
//   Navigation Hub Footer   columns: logo and copyright, simple links (5 at most), sub-links, socials
//   Classic Footer Bar      one bar: logo, simple links (5 at most), copyright
//   Brand Info Footer       a large logo, social links and copyright, the sub-links small below
//   Mega Footer             every section in a grid of columns
// An unknown or missing layout is the Classic Footer Bar (footerLook). The block reads no rows;
// the page's own <footer> landmark is the app's, so the block is a plain container with a <nav>.
import type { ReactNode } from 'react';
import type { StandaloneBlockProps } from '../data/types';
import { ContactList, Copyright, FooterLogo, FooterNav, SocialList } from './FooterParts';
import { footerLook, type FooterLayout, type FooterLook } from './footerLook';
import './chrome.css';

type Layout = (settings: FooterLook) => ReactNode;

const LAYOUTS: Record<FooterLayout, Layout> = {
  'Contact Centric Footer': (s) => (
    <>
      <ContactList contacts={s.contacts} />
      <div className="footer-row">
        <FooterNav simple={s.simpleLinks} sub={s.sublinks} />
        <SocialList socials={s.socials} />
      </div>
      <div className="footer-row footer-bottom">
        <FooterLogo src={s.logo} />
        <Copyright text={s.copyright} />
      </div>
    </>
  ),
  'Navigation Hub Footer': (s) => (
    <div className="footer-columns">
      <div className="footer-brand">
        <FooterLogo src={s.logo} />
        <Copyright text={s.copyright} />
      </div>
      <FooterNav simple={s.simpleLinks} sub={s.sublinks} />
      <SocialList socials={s.socials} />
    </div>
  ),
  'Classic Footer Bar': (s) => (
    <div className="footer-bar">
      <FooterLogo src={s.logo} />
      <FooterNav simple={s.simpleLinks} />
      <Copyright text={s.copyright} />
    </div>
  ),
  'Brand Info Footer': (s) => (
    <div className="footer-brand-info">
      <FooterLogo src={s.logo} />
      <SocialList socials={s.socials} />
      <Copyright text={s.copyright} />
      <FooterNav sub={s.sublinks} />
    </div>
  ),
  'Mega Footer': (s) => (
    <>
      <div className="footer-columns">
        <div className="footer-brand">
          <FooterLogo src={s.logo} />
          <SocialList socials={s.socials} />
        </div>
        <FooterNav simple={s.simpleLinks} sub={s.sublinks} />
        <ContactList contacts={s.contacts} />
      </div>
      <div className="footer-row footer-bottom">
        <Copyright text={s.copyright} />
      </div>
    </>
  ),
};

const layoutClass = (layout: FooterLayout) => `footer-layout-${layout.toLowerCase().replace(/ /g, '-')}`;

function isEmpty(s: FooterLook): boolean {
  return !s.logo && !s.copyright && [s.sublinks, s.simpleLinks, s.contacts, s.socials].every((list) => list.length === 0);
}

export function FooterBlock({ block }: StandaloneBlockProps<'footer'>) {
  const settings = footerLook(block);
  if (isEmpty(settings)) {
    return <p className="muted block-empty">Add links, contacts or a copyright line in the block settings.</p>;
  }
  return <div className={`footer-block ${layoutClass(settings.layout)}`}>{LAYOUTS[settings.layout](settings)}</div>;
}
