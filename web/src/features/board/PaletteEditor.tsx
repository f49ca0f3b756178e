// The board's palette (platform §3 `palette`): a list of colours the owner adds to, reorders and
// trims, each with a colour picker and its hex text.
import { ColourField } from '../../components/ColourField';
import { ListItemActions, moved } from '../../components/ListItemActions';

/** What 'Add colour' starts with: the spec's default navigation colour. */
const NEW_COLOUR = '#161819';

export function PaletteEditor({ colours, onChange, error }: { colours: readonly string[]; onChange: (colours: string[]) => void; error?: string }) {
  return (
    <div className="palette-editor">
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {colours.length === 0 && <p className="muted">No palette colours yet.</p>}
      <ol className="palette-list">
        {colours.map((colour, index) => {
          const label = `Colour ${index + 1}`;
          return (
            // Colours may repeat and are being edited: the position is the identity.
            <li key={index}>
              <ColourField label={label} value={colour} onChange={(next) => onChange(colours.map((current, i) => (i === index ? next : current)))} />
              <ListItemActions
                name={label.toLowerCase()}
                index={index}
                count={colours.length}
                onMove={(by) => onChange(moved(colours, index, by))}
                onRemove={() => onChange(colours.filter((_, i) => i !== index))}
              />
            </li>
          );
        })}
      </ol>
      <button type="button" className="button" onClick={() => onChange([...colours, NEW_COLOUR])}>
        Add colour
      </button>
    </div>
  );
}
