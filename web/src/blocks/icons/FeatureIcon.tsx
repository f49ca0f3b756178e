// A feature's icon as its icon type says (blocks §3.17): an image address, a Font Awesome name or
// a few characters of text. Its box has a fixed size from the first paint, so an image or a
// Font Awesome set arriving later never moves the text around it.
import { useEffect, useState } from 'react';
import type { IconDefinition } from '@fortawesome/fontawesome-common-types';
import { FaIcon } from './FaIcon';
import { findNamedIcon } from './namedIcons';
import './icons.css';

export interface FeatureIconProps {
  iconType: unknown;
  icon: unknown;
  className?: string;
  color?: string;
}

function NamedIcon({ name, color }: { name: string; color?: string }) {
  const [found, setFound] = useState<{ name: string; icon: IconDefinition | null } | null>(null);
  useEffect(() => {
    let live = true;
    findNamedIcon(name).then(
      (icon) => live && setFound({ name, icon }),
      () => live && setFound({ name, icon: null }),
    );
    return () => {
      live = false;
    };
  }, [name]);
  const icon = found?.name === name ? found.icon : null;
  return icon ? <FaIcon icon={icon} color={color} /> : null;
}

export function FeatureIcon({ iconType, icon, className, color }: FeatureIconProps) {
  const value = typeof icon === 'string' ? icon.trim() : '';
  if (!value) return null;
  const box = `feature-icon${className ? ` ${className}` : ''}`;
  if (iconType === 'image') {
    return (
      <span className={box}>
        <img src={value} alt="" loading="lazy" decoding="async" />
      </span>
    );
  }
  if (iconType === 'fontawesome') {
    return (
      <span className={box} data-icon={value}>
        <NamedIcon name={value} color={color} />
      </span>
    );
  }
  return (
    <span className={`${box} text`} style={color ? { color } : undefined}>
      {value}
    </span>
  );
}
