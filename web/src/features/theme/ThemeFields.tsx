// The theme of a board (Board Settings) or an app (App Settings), issue 47: the accent colour with
// a colour picker, the look (Light or Dark) and a live look of both, drawn with the same
// variables and button colours the board's blocks read.
import { useId } from 'react';
import { ColourField } from '../../components/ColourField';
import { buttonStyle } from '../../blocks/frameStyle';
import { themeOf, themeRoot, type Look } from '../../blocks/theme';
import './theme.css';

const LOOKS: readonly [Look, string][] = [
  ['light', 'Light'],
  ['dark', 'Dark'],
];

export interface ThemeValue {
  accent_color: string;
  look: string;
}

export function ThemeFields({
  value,
  onChange,
  errorOf,
}: {
  value: ThemeValue;
  onChange: (value: ThemeValue) => void;
  /** A server refusal naming `accent_color` or `look`. */
  errorOf: (field: keyof ThemeValue) => string | undefined;
}) {
  const name = useId();
  const root = themeRoot(themeOf(value));
  const lookError = errorOf('look');
  return (
    <div className="theme-fields">
      <ColourField
        label="Accent colour"
        value={value.accent_color}
        error={errorOf('accent_color')}
        onChange={(accent_color) => onChange({ ...value, accent_color })}
      />
      <fieldset className="theme-look" aria-invalid={lookError ? true : undefined}>
        <legend>Look</legend>
        {LOOKS.map(([look, label]) => (
          <label key={look} className="check">
            <input type="radio" name={name} value={look} checked={value.look === look} onChange={() => onChange({ ...value, look })} />
            {label}
          </label>
        ))}
        {lookError && (
          <p className="field-error" role="alert">
            {lookError}
          </p>
        )}
      </fieldset>
      <div className={`theme-preview ${root.className}`} style={root.style} role="group" aria-label="Live look">
        <span className="button" style={buttonStyle(undefined, undefined)}>
          Submit
        </span>
        <span className="chip">Region: North</span>
        <span className="theme-preview-link">A link</span>
      </div>
    </div>
  );
}
