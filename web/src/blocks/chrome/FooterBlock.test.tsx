import { render, screen, within } from '@testing-library/react';
import type { BoardBlock } from '../../generated/api';
import { FooterBlock } from './FooterBlock';
import { telHref } from './footerLook';
import { viewBlockOf } from '../../test/viewBlocks';

const LOGO = 'https://img.example/logo.png';

const links = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, i) => ({ text: `${prefix} ${i + 1}`, url: `https://site.example/${prefix}-${i + 1}` }));

const CONTACTS = [
  { type: 'phone', value: '(555) 123-4567', countryCode: '+1', showIcon: true },
  { type: 'email', value: 'hello@site.example', showIcon: true, iconColor: '#ff0000' },
  { type: 'address', value: '1 Main St, Springfield' },
];
const SOCIALS = [
  { type: 'instagram', link: 'https://instagram.com/site', showIcon: true },
  { type: 'facebook', link: 'https://facebook.com/site' },
  { type: 'linkedin', link: 'https://linkedin.com/company/site' },
];

function footer(settings: Record<string, unknown>): BoardBlock {
  return { id: 'footer-1', type: 'footer', ...settings };
}

function renderFooter(settings: Record<string, unknown>) {
  return render(<FooterBlock block={viewBlockOf('footer', footer(settings))} />);
}

const ALL = {
  logoImage: LOGO,
  copyrightText: '© 2025 Site',
  simpleLinks: links(12, 'Link'),
  footerSublinks: links(6, 'Sub'),
  contactItems: [...CONTACTS, { type: 'email', value: 'fourth@site.example' }],
  socialItems: [...SOCIALS, { type: 'instagram', link: 'https://instagram.com/fourth' }],
};

const shown = (prefix: string) => screen.queryAllByText(new RegExp(`^${prefix} \\d+$`)).map((el) => el.textContent);
const nav = () => screen.getByRole('navigation', { name: 'Footer' });

describe('the footer block', () => {
  it('asks for settings when there is nothing to show', () => {
    renderFooter({ footerLayoutType: 'Mega Footer' });
    expect(screen.getByText(/in the block settings/)).toBeInTheDocument();
  });

  it.each([undefined, 'Fancy Footer', 42])('draws the Classic Footer Bar for the layout %o', (layout) => {
    const { container } = renderFooter({ ...ALL, footerLayoutType: layout });
    expect(container.querySelector('.footer-block')).toHaveClass('footer-layout-classic-footer-bar');
  });

  it('draws the Classic Footer Bar as one bar of logo, five links and copyright', () => {
    const { container } = renderFooter({ ...ALL, footerLayoutType: 'Classic Footer Bar' });
    const bar = container.querySelector('.footer-bar') as HTMLElement;
    expect(within(bar).getByRole('img', { name: 'Logo' })).toHaveAttribute('src', LOGO);
    expect(within(bar).getByText('© 2025 Site')).toBeInTheDocument();
    expect(shown('Link')).toEqual(['Link 1', 'Link 2', 'Link 3', 'Link 4', 'Link 5']);
    expect(shown('Sub')).toEqual([]);
    expect(screen.queryByText('hello@site.example')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Instagram' })).not.toBeInTheDocument();
  });

  it('draws the Navigation Hub Footer as columns of five links, four sub-links and the socials', () => {
    const { container } = renderFooter({ ...ALL, footerLayoutType: 'Navigation Hub Footer' });
    expect(container.querySelector('.footer-block')).toHaveClass('footer-layout-navigation-hub-footer');
    expect(container.querySelector('.footer-columns')).toBeInTheDocument();
    expect(
      within(nav())
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([...['Link 1', 'Link 2', 'Link 3', 'Link 4', 'Link 5'], ...['Sub 1', 'Sub 2', 'Sub 3', 'Sub 4']]);
    expect(screen.getAllByRole('link', { name: /Instagram|Facebook|LinkedIn/ })).toHaveLength(3);
    expect(screen.getByText('© 2025 Site')).toBeInTheDocument();
  });

  it('leads the Contact Centric Footer with three contacts, then ten links and the socials', () => {
    const { container } = renderFooter({ ...ALL, footerLayoutType: 'Contact Centric Footer' });
    const block = container.querySelector('.footer-block')!;
    expect(block.firstElementChild).toHaveClass('footer-contacts');
    expect(screen.queryByText('fourth@site.example')).not.toBeInTheDocument();
    expect(within(block.firstElementChild as HTMLElement).getAllByRole('listitem')).toHaveLength(3);
    expect(shown('Link')).toHaveLength(10);
    expect(shown('Sub')).toHaveLength(4);
    expect(screen.getAllByRole('link', { name: /Instagram|Facebook|LinkedIn/ })).toHaveLength(3);
  });

  it('centres the Brand Info Footer on its logo, socials and copyright', () => {
    const { container } = renderFooter({ ...ALL, footerLayoutType: 'Brand Info Footer' });
    const brand = container.querySelector('.footer-brand-info') as HTMLElement;
    expect(Array.from(brand.children, (el) => el.className)).toEqual(['footer-logo', 'footer-socials', 'footer-copyright', 'footer-nav']);
    expect(shown('Link')).toEqual([]);
    expect(shown('Sub')).toHaveLength(4);
  });

  it('puts every section in the Mega Footer grid', () => {
    const { container } = renderFooter({ ...ALL, footerLayoutType: 'Mega Footer' });
    const grid = container.querySelector('.footer-columns') as HTMLElement;
    expect(within(grid).getByRole('img', { name: 'Logo' })).toBeInTheDocument();
    expect(within(grid).getByRole('navigation', { name: 'Footer' })).toBeInTheDocument();
    expect(within(grid).getByText('hello@site.example')).toBeInTheDocument();
    expect(within(grid).getAllByRole('link', { name: /Instagram|Facebook|LinkedIn/ })).toHaveLength(3);
    expect(shown('Link')).toHaveLength(10);
    expect(screen.getByText('© 2025 Site')).toBeInTheDocument();
  });

  it('reserves the logo box and lazy-loads it; a non-web logo address is dropped', () => {
    const { unmount } = renderFooter({ logoImage: LOGO });
    const logo = screen.getByRole('img', { name: 'Logo' });
    expect(logo.parentElement).toHaveClass('footer-logo');
    expect(logo).toHaveAttribute('loading', 'lazy');
    expect(logo).toHaveAttribute('decoding', 'async');
    unmount();
    renderFooter({ logoImage: 'javascript:alert(1)', copyrightText: 'c' });
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('opens other sites in a new tab, keeps this site in the tab, and shows a bad address as text', () => {
    renderFooter({
      footerLayoutType: 'Mega Footer',
      simpleLinks: [
        { text: 'Out', url: 'https://other.example/' },
        { text: 'Home', url: `${window.location.origin}/about` },
        { text: 'Evil', url: 'javascript:alert(1)' },
        { text: 'Relative', url: '/about' },
        { text: '', url: 'https://bare.example/' },
        { text: '', url: '' },
      ],
    });
    expect(screen.getByRole('link', { name: 'Out' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Out' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('target');
    for (const name of ['Evil', 'Relative']) {
      expect(screen.getByText(name).closest('a')).toBeNull();
    }
    expect(screen.getByRole('link', { name: 'https://bare.example/' })).toHaveAttribute('href', 'https://bare.example/');
    expect(within(nav()).getAllByRole('listitem')).toHaveLength(5);
  });
});

describe('footer contacts', () => {
  const renderContacts = (items: unknown[]) => renderFooter({ footerLayoutType: 'Contact Centric Footer', contactItems: items });

  it('dials the country code and the number', () => {
    renderContacts([CONTACTS[0]]);
    expect(screen.getByRole('link', { name: '+1 (555) 123-4567' })).toHaveAttribute('href', 'tel:+15551234567');
  });

  it('uses the catalogue country code +00 when none was typed', () => {
    renderContacts([{ type: 'phone', value: '555 1234' }]);
    expect(screen.getByRole('link', { name: '+00 555 1234' })).toHaveAttribute('href', 'tel:+005551234');
  });

  it.each([
    ['+1', '(555) 123-4567', 'tel:+15551234567'],
    ['1', '555.123.4567', 'tel:+15551234567'],
    ['+44', '+33 1 23 45 67 89', 'tel:+33123456789'],
    ['', '5551234', 'tel:5551234'],
    ['+1', 'call us', null],
    ['+1', '555-CALL', null],
    ['+1', '555;x=1', null],
    ['+1', '+1 +2', null],
  ])('with code %o, the number %o dials %o', (code, number, expected) => {
    expect(telHref(code, number)).toBe(expected);
  });

  it('shows a number no phone could dial as text', () => {
    renderContacts([{ type: 'phone', value: 'ask at reception', countryCode: '+1' }]);
    expect(screen.getByText('+1 ask at reception').closest('a')).toBeNull();
  });

  it('mails a plain address and shows anything else as text', () => {
    renderContacts([
      { type: 'email', value: 'hello@site.example' },
      { type: 'email', value: 'a@b.example?subject=hi' },
      { type: 'email', value: 'not an address' },
    ]);
    expect(screen.getByRole('link', { name: 'hello@site.example' })).toHaveAttribute('href', 'mailto:hello@site.example');
    expect(screen.getByText('a@b.example?subject=hi').closest('a')).toBeNull();
    expect(screen.getByText('not an address').closest('a')).toBeNull();
  });

  it('shows an address as text with a map search beside it', () => {
    renderContacts([CONTACTS[2]]);
    expect(screen.getByText('1 Main St, Springfield').closest('a')).toBeNull();
    const map = screen.getByRole('link', { name: 'Map of 1 Main St, Springfield' });
    expect(map).toHaveAttribute('href', 'https://www.openstreetmap.org/search?query=1%20Main%20St%2C%20Springfield');
    expect(map).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('colours the icons iconColor, #0052FF by default, and draws none without showIcon', () => {
    const { container } = renderContacts(CONTACTS);
    const icons = container.querySelectorAll('.footer-contact svg');
    expect(icons).toHaveLength(2);
    expect(icons[0]).toHaveStyle({ color: '#0052FF' });
    expect(icons[1]).toHaveStyle({ color: '#ff0000' });
    expect(container.querySelector('.footer-contact-address svg')).toBeNull();
  });

  // An unknown type never reaches the view: normalise reads it as the catalogue's default, phone.
  it('skips items without a value', () => {
    renderContacts([{ type: 'email', value: '' }, 'junk', CONTACTS[1]]);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });
});

describe('footer social links', () => {
  const renderSocials = (items: unknown[]) => renderFooter({ footerLayoutType: 'Brand Info Footer', socialItems: items });

  it('names each network and opens it in a new tab', () => {
    renderSocials(SOCIALS);
    for (const [name, href] of [
      ['Instagram', 'https://instagram.com/site'],
      ['Facebook', 'https://facebook.com/site'],
      ['LinkedIn', 'https://linkedin.com/company/site'],
    ]) {
      const link = screen.getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it.each(['javascript:alert(1)', 'instagram.com/site', 'ftp://instagram.com', ''])('shows a network with the link %o without a link', (link) => {
    renderSocials([{ type: 'instagram', link }]);
    expect(screen.getByText('Instagram').closest('a')).toBeNull();
  });

  // An unknown network never reaches the view: normalise reads it as the catalogue's default, facebook.
  it('shows at most three networks', () => {
    renderSocials([...SOCIALS, { type: 'facebook', link: 'https://facebook.com/more' }]);
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['Instagram', 'Facebook', 'LinkedIn']);
  });

  it('draws icons in iconColor, #0052FF by default', () => {
    const { container } = renderSocials([
      { type: 'facebook', link: 'https://facebook.com/x', showIcon: true },
      { type: 'linkedin', link: 'https://linkedin.com/x', showIcon: 'true', iconColor: '#00aa00' },
      { type: 'instagram', link: 'https://instagram.com/x', showIcon: false, iconColor: '#00aa00' },
    ]);
    const icons = container.querySelectorAll('.footer-social svg');
    expect(icons).toHaveLength(2);
    expect(icons[0]).toHaveStyle({ color: '#0052FF' });
    expect(icons[1]).toHaveStyle({ color: '#00aa00' });
  });
});
