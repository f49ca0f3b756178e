// An icon of the bundled Font Awesome free set, drawn as inline SVG from its definition: no icon
// font, no CDN, no runtime CSS, and only the icons a block imports end up in its chunk.
import type { IconDefinition } from '@fortawesome/fontawesome-common-types';

export interface FaIconProps {
  icon: IconDefinition;
  className?: string;
  /** Spoken name; without one the icon is decoration and hidden from screen readers. */
  label?: string;
  color?: string;
}

export function FaIcon({ icon, className, label, color }: FaIconProps) {
  const [width, height, , , path] = icon.icon;
  const paths = Array.isArray(path) ? path : [path];
  return (
    <svg
      className={`fa-icon${className ? ` ${className}` : ''}`}
      viewBox={`0 0 ${width} ${height}`}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
      style={color ? { color } : undefined}
    >
      {paths.map((d, i) => (
        <path key={i} fill="currentColor" d={d} />
      ))}
    </svg>
  );
}
