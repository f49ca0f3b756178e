import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { faFilter } from '@fortawesome/free-solid-svg-icons';
import { FaIcon } from '../blocks/icons/FaIcon';
import { FormError } from '../components/FormError';
import { Loading } from '../components/Loading';
import { Popup } from '../components/Popup';
import type { PickerGroup } from '../generated/blockCatalogue';
import { blockTypeIcons } from './blockTypeIcons';
import { loadBlockTypes, type BlockType, type BlockTypeInfo } from '../platform/blockTypes';
import './blockTypePicker.css';

/** The picker's headings, in the order the catalogue declares its groups. */
const GROUP_HEADINGS: Record<PickerGroup, string> = {
  data: 'Data',
  input: 'Input',
  media: 'Media',
  content: 'Layout and content',
};

/**
 * The types whose name or description holds every word of `query`, any case: 'bar chart' finds
 * Chart by its description ('Bar, line, pie...') and its name.
 */
function matchingTypes(types: readonly BlockTypeInfo[], query: string): BlockTypeInfo[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return types.filter(({ name, description }) => {
    const text = `${name} ${description}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** The picker's buttons in reading order, the search box first. */
function stops(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>('.block-picker-search, .block-type:not(:disabled)')];
}

/**
 * What the board's filters are called and described as in the picker: filters are no block (they
 * live in the settings and drive every block), but owners look for them here (issue 48), so a
 * search for them leads there.
 */
const FILTERS_SHORTCUT = {
  name: 'Filters',
  description: "Not a block: filter chips above every block, on a column's values. Set in the board's settings.",
};

/** Whether `query` (typed) asks for the filters: every word is in their name or description. */
function asksForFilters(query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const text = `${FILTERS_SHORTCUT.name} ${FILTERS_SHORTCUT.description}`.toLowerCase();
  return words.length > 0 && words.every((word) => text.includes(word));
}

/**
 * platform §2: 'Choose Your Block', one button per type of the block catalogue (blocks.md §1),
 * which is loaded when the popup opens; the board editor and the app editor show the same
 * picker. Like a command palette: icons, the catalogue's descriptions, its groups, a search box
 * that has the focus, arrow keys between the types and Enter to add the first match. The spec's
 * 400 px would hold two narrow columns and push most of the twenty types below the fold, so the
 * popup is wide enough for four columns, which fit a 1280x800 screen; a phone gets one column.
 * While a picked type is being saved nothing else can be picked and the popup cannot close; a
 * refused save (onPick rejects or shows `error`) leaves it open to try again.
 */
export function BlockTypePicker({
  onPick,
  onClose,
  onFilters,
  error = null,
}: {
  onPick: (type: BlockType) => Promise<void>;
  onClose: () => void;
  /** Opens the board's filters settings; a search for filters then offers the way there. */
  onFilters?: () => void;
  /** Why the last pick was refused, when the caller's request did not alert it already. */
  error?: string | null;
}) {
  const [types, setTypes] = useState<BlockTypeInfo[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saving, setSaving] = useState<BlockType | null>(null);
  const [query, setQuery] = useState('');
  const search = useRef<HTMLInputElement>(null);
  const ids = useId();
  useEffect(() => {
    // After the popup has focused itself: typing goes straight into the search.
    search.current?.focus();
    let live = true;
    loadBlockTypes().then(
      (loaded) => live && setTypes(loaded),
      (failure: unknown) => live && setLoadError(`The block types could not be loaded: ${failure instanceof Error ? failure.message : String(failure)}`),
    );
    return () => {
      live = false;
    };
  }, []);
  const busy = saving !== null;
  const pick = async (type: BlockType) => {
    setSaving(type);
    try {
      await onPick(type);
    } catch {
      // The caller's request layer has alerted the reason.
    } finally {
      setSaving(null);
    }
  };

  const shown = types && matchingTypes(types, query);
  const groups = shown
    ? (Object.entries(GROUP_HEADINGS) as [PickerGroup, string][])
        .map(([group, heading]) => ({ group, heading, types: shown.filter((info) => info.group === group) }))
        .filter((g) => g.types.length > 0)
    : [];
  // What Enter in the search box adds: the first match, marked once the user has typed.
  const first = groups[0]?.types[0]?.type;
  const filters = onFilters && types !== null && asksForFilters(query) ? onFilters : undefined;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = stops(event.currentTarget);
    const at = all.indexOf(event.target as HTMLElement);
    if (at < 0) return;
    const step = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 }[event.key];
    const inSearch = at === 0;
    // In the search box, left and right move the caret.
    if (step !== undefined && !(inSearch && (event.key === 'ArrowLeft' || event.key === 'ArrowRight'))) {
      event.preventDefault();
      all[Math.min(Math.max(at + step, 0), all.length - 1)]?.focus();
    } else if (!inSearch && (event.key === 'Home' || event.key === 'End')) {
      event.preventDefault();
      all[event.key === 'Home' ? 1 : all.length - 1]?.focus();
    } else if (inSearch && event.key === 'Enter') {
      event.preventDefault();
      if (first && !busy) void pick(first);
      else if (!first && filters && !busy) filters();
    } else if (!inSearch && event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey && event.key !== ' ') {
      // Typing on a type goes on with the search.
      search.current?.focus();
    }
  };

  return (
    <Popup title="Choose Your Block" maxWidth={920} onClose={onClose} closeBlocked={busy}>
      <div className="block-picker" onKeyDown={onKeyDown}>
        <input
          ref={search}
          type="search"
          className="block-picker-search"
          aria-label="Search blocks"
          placeholder="Search blocks"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        {types === null && !loadError && <Loading />}
        {shown && shown.length === 0 && <p className="block-picker-empty muted">No block matches “{query.trim()}”.</p>}
        {filters && (
          <section className="block-picker-group" aria-labelledby={`${ids}-settings`}>
            <h3 id={`${ids}-settings`}>Board settings</h3>
            <ul className="block-picker-grid">
              <li className="block-type-card">
                <span className="block-type-icon">
                  <FaIcon icon={faFilter} />
                </span>
                <button
                  type="button"
                  className={`block-type${first ? '' : ' is-first'}`}
                  aria-describedby={`${ids}-filters-description`}
                  disabled={busy}
                  onClick={filters}
                >
                  <span className="block-type-name">{FILTERS_SHORTCUT.name}</span>
                </button>
                <span id={`${ids}-filters-description`} className="block-type-description">
                  {FILTERS_SHORTCUT.description}
                </span>
              </li>
            </ul>
          </section>
        )}
        <div aria-busy={busy}>
          {groups.map(({ group, heading, types: inGroup }) => (
            <section key={group} className="block-picker-group" aria-labelledby={`${ids}-${group}`}>
              <h3 id={`${ids}-${group}`}>{heading}</h3>
              <ul className="block-picker-grid">
                {inGroup.map(({ type, name, description, icon }) => {
                  const drawn = blockTypeIcons[icon];
                  return (
                    // The card is the click target (the button's hit area covers it), but the
                    // button holds only the type's name: what it says is what it is called (WCAG
                    // 2.5.3, label in name), and the description is read after it.
                    <li key={type} className="block-type-card">
                      <span className="block-type-icon">{drawn && <FaIcon icon={drawn} />}</span>
                      <button
                        type="button"
                        className={`block-type${query.trim() && type === first ? ' is-first' : ''}`}
                        aria-describedby={`${ids}-${type}-description`}
                        disabled={busy}
                        onClick={() => void pick(type)}
                      >
                        <span className="block-type-name">{saving === type ? `Adding ${name}...` : name}</span>
                      </button>
                      <span id={`${ids}-${type}-description`} className="block-type-description">
                        {description}
                      </span>
                    </li>
                  );
                })}
              </ul>
            </section>
          ))}
        </div>
      </div>
      <FormError message={error ?? loadError} />
    </Popup>
  );
}
