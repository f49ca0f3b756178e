// The filters of a board or an app page (platform §3 Filter, §5 conditions): a list the owner
// adds to, reorders and trims, each filter with its name, switch, tab and column, condition and
// value. The parent keeps the list and saves it; the core applies it.
import { Field } from '../../components/Field';
import { ListItemActions, moved } from '../../components/ListItemActions';
import { CONDITIONS, type Condition } from '../../generated/core';
import { CONDITION_LABELS } from './conditions';
import { filterProblems, NAMES_RULE, newFilter, withCondition, type EditableFilter, type FilterProblem } from './editableFilter';
import { FilterValueInput } from './FilterValueInput';
import { NamePicker } from '../../components/NamePicker';
import { HIDDEN_COLUMNS } from '../../blocks/details/DetailsPopup';
import './filters.css';

function FilterRow({
  filter,
  problem,
  sheets,
  columnsOf,
  onChange,
}: {
  filter: EditableFilter;
  problem: FilterProblem;
  sheets: readonly string[];
  columnsOf: (sheet: string) => readonly string[] | undefined;
  onChange: (filter: EditableFilter) => void;
}) {
  const { sheet, column } = filter.sheet_column;
  // The sheet's own columns (the record id) mean nothing to the people filtering; a filter
  // already saved on one still shows it, as NamePicker keeps a stored name.
  const columns = columnsOf(sheet)?.filter((name) => !HIDDEN_COLUMNS.has(name));
  return (
    <>
      <div className="filter-row-line">
        <Field label="Name" error={problem.name}>
          <input type="text" value={filter.name} onChange={(event) => onChange({ ...filter, name: event.target.value })} />
        </Field>
        <label className="check filter-active">
          <input type="checkbox" role="switch" checked={filter.active} onChange={(event) => onChange({ ...filter, active: event.target.checked })} />
          Always applied
        </label>
      </div>
      <div className="filter-row-line">
        <Field label="Sheet">
          <NamePicker
            value={sheet}
            names={sheets}
            placeholder="Choose a sheet"
            // Another tab has other columns.
            onChange={(next) => onChange({ ...filter, sheet_column: { sheet: next, column: '' } })}
          />
        </Field>
        <Field label="Column">
          <NamePicker
            value={column}
            names={columns}
            placeholder="Choose a column"
            onChange={(next) => onChange({ ...filter, sheet_column: { sheet, column: next } })}
          />
        </Field>
        <Field label="Condition" error={problem.condition}>
          <select value={filter.condition} onChange={(event) => onChange(withCondition(filter, event.target.value as Condition))}>
            {filter.condition === '' && <option value="">Choose a condition</option>}
            {CONDITIONS.map((condition) => (
              <option key={condition} value={condition}>
                {CONDITION_LABELS[condition]}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <FilterValueInput condition={filter.condition} value={filter.value} onChange={(value) => onChange({ ...filter, value })} />
    </>
  );
}

/**
 * The filter list. `error` is the server's refusal of the list (a 422 naming `filters`); the
 * name and condition problems that would make a filter unusable are shown as the user types, and
 * the parent checks them with `filterProblems` before saving.
 */
export function FilterEditor({
  filters,
  onChange,
  sheets,
  columnsOf,
  error,
}: {
  filters: readonly EditableFilter[];
  onChange: (filters: EditableFilter[]) => void;
  sheets: readonly string[];
  columnsOf: (sheet: string) => readonly string[] | undefined;
  error?: string;
}) {
  const problems = filterProblems(filters);
  const replace = (index: number, filter: EditableFilter) => onChange(filters.map((current, i) => (i === index ? filter : current)));
  return (
    <div className="filter-editor">
      <p className="form-hint">
        {NAMES_RULE} A filter always applied narrows every viewer&apos;s rows; any other applies when a viewer picks a value in the filter bar, or a link names
        it.
      </p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {filters.length === 0 && <p className="muted">No filters yet: every row shows.</p>}
      <ol className="filter-list">
        {filters.map((filter, index) => {
          const title = `Filter ${index + 1}${filter.name.trim() ? `: ${filter.name.trim()}` : ''}`;
          return (
            // Filters have no id, and a name is being edited: the position is the identity.
            <li key={index}>
              <fieldset className="filter-row">
                <legend>{title}</legend>
                <FilterRow filter={filter} problem={problems[index]} sheets={sheets} columnsOf={columnsOf} onChange={(next) => replace(index, next)} />
                <ListItemActions
                  name={title}
                  index={index}
                  count={filters.length}
                  onMove={(by) => onChange(moved(filters, index, by))}
                  onRemove={() => onChange(filters.filter((_, i) => i !== index))}
                />
              </fieldset>
            </li>
          );
        })}
      </ol>
      <button type="button" className="button" onClick={() => onChange([...filters, newFilter(filters, sheets)])}>
        Add filter
      </button>
    </div>
  );
}
