import type { ColumnProfile } from '../../generated/blockStarter';
import { PREVIEW_ROWS, type TabState } from './useTabProfile';

const KIND_LABELS: Record<NonNullable<ColumnProfile['kind']>, string> = { text: 'Text', number: 'Number', date: 'Date' };

/**
 * The first rows of the picked tab under its column names, each with the type the core found in
 * the column (text, number or date; 'Empty' for a column of blank cells), so the owner sees what
 * the templates and blocks will read.
 */
export function DataPreview({ tab }: { tab: TabState }) {
  if (tab.status === 'none') return null;
  if (tab.status === 'loading') {
    return (
      <p className="muted start-columns" role="status">
        Loading the first rows of {tab.title}...
      </p>
    );
  }
  if (tab.status === 'failed') {
    return (
      <p className="muted start-columns">
        The rows of {tab.title} could not be shown ({tab.message}); you can go on all the same.
      </p>
    );
  }
  const kinds = Array.isArray(tab.profiles) ? new Map(tab.profiles.map((profile) => [profile.name, profile.kind])) : null;
  const caption = tab.total === 0 ? `${tab.title} has no rows yet` : `First ${Math.min(PREVIEW_ROWS, tab.total)} of ${tab.total} rows of ${tab.title}`;
  return (
    // Focusable so keyboard users can scroll a tab wider than the screen.
    <div className="start-preview" role="region" aria-label={`Preview of ${tab.title}`} tabIndex={0}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {tab.columns.map((column) => {
              const kind = kinds?.get(column);
              return (
                <th key={column} scope="col">
                  <span className="start-preview-name">{column}</span>
                  {/* The space keeps the header's name 'Amount Number', not 'AmountNumber'. */}
                  {kinds && (
                    <>
                      {' '}
                      <span className="start-preview-kind">{kind ? KIND_LABELS[kind] : 'Empty'}</span>
                    </>
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {tab.rows.map((row, index) => (
            <tr key={index}>
              {row.map((cell, column) => (
                <td key={column}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
