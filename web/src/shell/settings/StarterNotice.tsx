// The quiet word at the top of a freshly picked block's settings: what the editor chose from the
// data (the tab, the x axis, the fields...) and what is left to choose, in the core's sentences.
// It shows until the block's first Save or Cancel.
import { useStarterNotes } from './starterNotes';
import './starterNotice.css';

export function StarterNotice({ blockId }: { blockId: string }) {
  const chosen = useStarterNotes((s) => s.notes[blockId]);
  if (!chosen) return null;
  return (
    <section className="form-notice starter-notice" aria-label="Started from your data">
      <p>Started from your data:</p>
      <ul>
        {chosen.map((sentence) => (
          <li key={sentence}>{sentence}</li>
        ))}
      </ul>
      <p>Change anything below.</p>
    </section>
  );
}
