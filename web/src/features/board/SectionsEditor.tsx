// The board's sections (platform §3 `sections`, §5) as a list the owner adds to, renames,
// reorders and trims. They are stored as comma-separated text; sections.ts reads that text as the
// viewer does (trimmed, empty names dropped, a repeated name shown once).
import { useId, useState, type KeyboardEvent } from 'react';
import { ListItemActions, moved } from '../../components/ListItemActions';
import { parseSections } from './sections';

/** The comma-separated text saved for `names`, read back by `parseSections` into the same tabs. */
export function sectionsText(names: readonly string[]): string {
  return parseSections(names.join(',')).join(', ');
}

/**
 * Why a name cannot be saved as typed: a comma would split it into two sections, and a repeated
 * name would be dropped, moving nothing into a second tab.
 */
export function sectionProblems(names: readonly string[]): (string | undefined)[] {
  const seen = new Set<string>();
  return names.map((name) => {
    const trimmed = name.trim();
    if (trimmed.includes(',')) return 'A section name cannot hold a comma: commas separate the sections.';
    if (trimmed && seen.has(trimmed)) return `There is already a section named "${trimmed}".`;
    seen.add(trimmed);
    return undefined;
  });
}

export function SectionsEditor({ names, onChange, error }: { names: readonly string[]; onChange: (names: string[]) => void; error?: string }) {
  const id = useId();
  const [added, setAdded] = useState('');
  const problems = sectionProblems(names);
  // Typing 'North, South' adds both, as the stored text would read them.
  const add = () => {
    const more = parseSections(added);
    if (more.length === 0) return;
    onChange([...names, ...more]);
    setAdded('');
  };
  // Enter adds the section; it must not submit the settings form.
  const addOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };
  return (
    <div className="sections-editor">
      <p className="form-hint">
        Each section is a tab of the board. Blocks keep the section they name: after a rename, choose the new name in their settings, or they show under
        'un-categorized'.
      </p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {names.length === 0 && <p className="muted">No sections: every block shows on one page.</p>}
      <ol className="sections-list">
        {names.map((name, index) => {
          const label = `Section ${index + 1}`;
          const problemId = `${id}-${index}-problem`;
          return (
            // The name is what is being edited, so the position is the identity.
            <li key={index}>
              <input
                type="text"
                aria-label={label}
                value={name}
                aria-invalid={problems[index] ? true : undefined}
                aria-describedby={problems[index] ? problemId : undefined}
                onChange={(event) => onChange(names.map((current, i) => (i === index ? event.target.value : current)))}
              />
              <ListItemActions
                name={name.trim() ? `section ${name.trim()}` : label.toLowerCase()}
                index={index}
                count={names.length}
                onMove={(by) => onChange(moved(names, index, by))}
                onRemove={() => onChange(names.filter((_, i) => i !== index))}
              />
              {problems[index] && (
                <span id={problemId} className="field-error">
                  {problems[index]}
                </span>
              )}
            </li>
          );
        })}
      </ol>
      <div className="sections-add">
        <input
          type="text"
          aria-label="New section"
          placeholder="New section name"
          value={added}
          onChange={(event) => setAdded(event.target.value)}
          onKeyDown={addOnEnter}
        />
        <button type="button" className="button" onClick={add} disabled={!added.trim()}>
          Add section
        </button>
      </div>
    </div>
  );
}
