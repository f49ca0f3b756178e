// Header block (blocks §3.20): a logo and title, the app's navigation and, with UserMenu on, who is
// signed in. LayoutType places them: Left (logo and title left, navigation right; the default),
// Center (everything centred, the navigation under the title), Right (the logo on the right).
// The block reads no rows.
import type { StandaloneBlockProps } from '../data/types';
import { HeaderNav } from './HeaderNav';
import { headerLook } from './headerLook';
import { HeaderUser } from './HeaderUser';
import './chrome.css';

export function HeaderBlock({ block }: StandaloneBlockProps<'header'>) {
  const settings = headerLook(block);
  const { logo, title } = settings;
  if (!logo && !title && settings.items.length === 0 && !settings.userMenu) {
    return <p className="muted block-empty">Add a logo, a title or navigation links in the block settings.</p>;
  }
  return (
    <div className={`header-block header-layout-${settings.layout.toLowerCase()}`}>
      {(logo || title) && (
        <div className="header-brand">
          {logo && (
            <div className="header-logo">
              {/* Beside the title the logo repeats it; alone it is the brand's only name. */}
              <img src={logo} alt={title ? '' : 'Logo'} loading="lazy" decoding="async" />
            </div>
          )}
          {title && <p className="header-title">{title}</p>}
        </div>
      )}
      <HeaderNav items={settings.items} />
      {settings.userMenu && <HeaderUser profileImage={settings.profileImage} />}
    </div>
  );
}
