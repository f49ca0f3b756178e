import { Link } from 'react-router';
import type { SpreadsheetView } from '../../generated/api';
import { FormError } from '../../components/FormError';
import { SpreadsheetItem } from './SpreadsheetItem';
import './spreadsheets.css';

interface Props {
  workspaceId: string;
  /** null while the list loads. */
  spreadsheets: SpreadsheetView[] | null;
  error: string | null;
  onUpdated: (changed: SpreadsheetView) => void;
  onChanged: () => Promise<void>;
}

/** The "Spreadsheets" part of a workspace card, with the way to connect another one. */
export function SpreadsheetList({ workspaceId, spreadsheets, error, onUpdated, onChanged }: Props) {
  const connectPath = `/dashboard/spreadsheets/new?${new URLSearchParams({ workspace: workspaceId })}`;
  return (
    <>
      <div className="list-head">
        <h3 className="list-title">Spreadsheets</h3>
        <Link className="button small" to={connectPath}>
          Connect a spreadsheet
        </Link>
      </div>
      {error && (
        <div className="list-error">
          <FormError message={`The spreadsheets could not be loaded: ${error}`} />
          <button type="button" className="button small" onClick={() => void onChanged()}>
            Try again
          </button>
        </div>
      )}
      {!spreadsheets ? (
        !error && <p className="muted list-empty">Loading spreadsheets...</p>
      ) : spreadsheets.length === 0 ? (
        <p className="muted list-empty">No spreadsheets yet. Upload a file or paste a link to give your boards data.</p>
      ) : (
        <ul className="item-list">
          {spreadsheets.map((s) => (
            <SpreadsheetItem key={s.id} spreadsheet={s} onUpdated={onUpdated} onChanged={onChanged} />
          ))}
        </ul>
      )}
    </>
  );
}
