import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { PasteLinkForm } from '../spreadsheets/PasteLinkForm';
import { KIND_LABELS } from '../spreadsheets/spreadsheetKind';
import { UploadFileForm } from '../spreadsheets/UploadFileForm';
import { DataPreview } from './DataPreview';
import type { DataChoice, DataSource } from './useDataChoice';
import './start.css';

interface Props {
  workspaceId: string;
  choice: DataChoice;
  /** What the picked tab is used for, under the Sheet field. */
  sheetHint: string;
  /** What 'No data for now' leads to, in words. */
  noneText: string;
  /** Called after a file was uploaded or a link connected (the choice picks it by itself). */
  onConnected?: () => void;
}

const SOURCES: { id: DataSource; label: string }[] = [
  { id: 'existing', label: 'A spreadsheet already connected' },
  { id: 'upload', label: 'Upload a file' },
  { id: 'link', label: 'Paste a link' },
  { id: 'none', label: 'No data for now' },
];

/**
 * Where a new board's or app's rows come from: a spreadsheet of the workspace (and its tab, with a
 * preview of the first rows and the column types), a file to upload, a Google Sheets or published
 * CSV link, or none for now.
 */
export function DataPicker({ workspaceId, choice, sheetHint, noneText, onConnected }: Props) {
  const { spreadsheets, source, spreadsheet, sheet } = choice;
  const hasSpreadsheets = (spreadsheets?.length ?? 0) > 0;
  const connected = () => {
    choice.connected();
    onConnected?.();
  };

  return (
    <div className="start-data">
      <FormError message={choice.error && `The spreadsheets of this workspace could not be loaded: ${choice.error}`} />
      {choice.error && (
        <button type="button" className="button small" onClick={() => void choice.reload()}>
          Try again
        </button>
      )}
      <fieldset className="start-sources">
        <legend>Where is the data?</legend>
        {SOURCES.map((option) => (
          <label key={option.id} className="start-choice">
            <input
              type="radio"
              name={`start-source-${workspaceId}`}
              value={option.id}
              checked={source === option.id}
              disabled={option.id === 'existing' && !hasSpreadsheets}
              onChange={() => choice.setSource(option.id)}
            />
            {option.label}
            {option.id === 'existing' && spreadsheets !== null && !hasSpreadsheets && <span className="muted"> (none yet)</span>}
          </label>
        ))}
      </fieldset>
      {source === 'existing' && spreadsheets === null && !choice.error && <p className="muted">Loading spreadsheets...</p>}
      {source === 'existing' && spreadsheet && (
        <div className="start-pick">
          <div className="start-pick-fields">
            <Field label="Spreadsheet">
              <select value={spreadsheet.id} onChange={(e) => choice.selectSpreadsheet(e.target.value)}>
                {spreadsheets?.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name} ({KIND_LABELS[s.kind]})
                  </option>
                ))}
              </select>
            </Field>
            {/* Shown even for a single tab, already picked, so the owner sees which tab is read. */}
            {sheet && (
              <Field label="Sheet" hint={sheetHint}>
                <select value={sheet.title} onChange={(e) => choice.selectSheet(e.target.value)}>
                  {spreadsheet.sheets.map((s) => (
                    <option key={s.title} value={s.title}>
                      {s.title}
                    </option>
                  ))}
                </select>
              </Field>
            )}
          </div>
          {sheet ? <DataPreview tab={choice.tab} /> : <p className="muted start-columns">This spreadsheet has no sheets yet.</p>}
        </div>
      )}
      {source === 'upload' && (
        <div className="start-connect">
          <UploadFileForm workspaceId={workspaceId} onDone={connected} />
        </div>
      )}
      {source === 'link' && (
        <div className="start-connect">
          <PasteLinkForm workspaceId={workspaceId} onDone={connected} />
        </div>
      )}
      {source === 'none' && <p className="muted">{noneText}</p>}
    </div>
  );
}
