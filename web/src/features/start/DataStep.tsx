import { useId } from 'react';
import type { SheetView, SpreadsheetView, Workspace } from '../../api/types';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { PasteLinkForm } from '../spreadsheets/PasteLinkForm';
import { KIND_LABELS } from '../spreadsheets/spreadsheetKind';
import { UploadFileForm } from '../spreadsheets/UploadFileForm';
import { visibleColumns } from './templates';

export type DataSource = 'existing' | 'upload' | 'link' | 'none';

interface Props {
  workspaces: Workspace[];
  workspaceId: string;
  onWorkspace: (id: string) => void;
  /** The workspace's spreadsheets; null while they load. */
  spreadsheets: SpreadsheetView[] | null;
  spreadsheetsError: string | null;
  onRetry: () => void;
  source: DataSource;
  onSource: (source: DataSource) => void;
  spreadsheet: SpreadsheetView | undefined;
  onSpreadsheet: (id: string) => void;
  sheet: SheetView | undefined;
  onSheet: (title: string) => void;
  /** A file was uploaded or a link connected: the new spreadsheet should be picked. */
  onConnected: () => void;
}

const SOURCES: { id: DataSource; label: string }[] = [
  { id: 'existing', label: 'A spreadsheet already connected' },
  { id: 'upload', label: 'Upload a file' },
  { id: 'link', label: 'Paste a link' },
  { id: 'none', label: 'No data for now' },
];

/** Step 1: the workspace the board goes in, and the spreadsheet (and sheet) it reads. */
export function DataStep(props: Props) {
  const { workspaces, workspaceId, spreadsheets, source, spreadsheet, sheet } = props;
  const headingId = useId();
  const hasSpreadsheets = (spreadsheets?.length ?? 0) > 0;

  return (
    <section id="start-data" className="card start-step" aria-labelledby={headingId}>
      <h2 id={headingId}>1. Connect your data</h2>
      <p className="muted">A board shows the rows of a spreadsheet. Use one this workspace already has, upload a file, or paste a Google Sheets or CSV link.</p>
      <Field label="Workspace" hint="The board belongs to this workspace.">
        <select value={workspaceId} onChange={(e) => props.onWorkspace(e.target.value)}>
          {workspaces.map((w) => (
            <option key={w.id} value={w.id}>
              {w.name}
            </option>
          ))}
        </select>
      </Field>
      <FormError message={props.spreadsheetsError && `The spreadsheets of this workspace could not be loaded: ${props.spreadsheetsError}`} />
      {props.spreadsheetsError && (
        <button type="button" className="button small" onClick={props.onRetry}>
          Try again
        </button>
      )}
      <fieldset className="start-sources">
        <legend>Where is the data?</legend>
        {SOURCES.map((option) => (
          <label key={option.id} className="start-choice">
            <input
              type="radio"
              name="start-source"
              value={option.id}
              checked={source === option.id}
              disabled={option.id === 'existing' && !hasSpreadsheets}
              onChange={() => props.onSource(option.id)}
            />
            {option.label}
            {option.id === 'existing' && spreadsheets !== null && !hasSpreadsheets && <span className="muted"> (none yet)</span>}
          </label>
        ))}
      </fieldset>
      {source === 'existing' && spreadsheets === null && !props.spreadsheetsError && <p className="muted">Loading spreadsheets...</p>}
      {source === 'existing' && spreadsheet && (
        <div className="start-pick">
          <Field label="Spreadsheet">
            <select value={spreadsheet.id} onChange={(e) => props.onSpreadsheet(e.target.value)}>
              {spreadsheets?.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name} ({KIND_LABELS[s.kind]})
                </option>
              ))}
            </select>
          </Field>
          {spreadsheet.sheets.length > 1 && (
            <Field label="Sheet" hint="The blocks of the template read this tab.">
              <select value={sheet?.title ?? ''} onChange={(e) => props.onSheet(e.target.value)}>
                {spreadsheet.sheets.map((s) => (
                  <option key={s.title} value={s.title}>
                    {s.title}
                  </option>
                ))}
              </select>
            </Field>
          )}
          {sheet ? (
            <p className="muted start-columns">Columns of {sheet.title}: {visibleColumns(sheet.columns).join(', ') || 'none'}</p>
          ) : (
            <p className="muted start-columns">This spreadsheet has no sheets yet, so only the blank board fits it.</p>
          )}
        </div>
      )}
      {source === 'upload' && (
        <div className="start-connect">
          <UploadFileForm workspaceId={workspaceId} onDone={props.onConnected} />
        </div>
      )}
      {source === 'link' && (
        <div className="start-connect">
          <PasteLinkForm workspaceId={workspaceId} onDone={props.onConnected} />
        </div>
      )}
      {source === 'none' && <p className="muted">The board starts empty; you can connect a spreadsheet to it later.</p>}
    </section>
  );
}
