import { useEffect, useState } from 'react';
import { toApiError } from '../../api/errors';
import type { ColumnMatch, RebindProposal, Rebound, SpreadsheetView, TypedTab } from '../../generated/api';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { Loading } from '../../components/Loading';
import { listSpreadsheets } from '../spreadsheets/spreadsheetApi';
import { applyRebind, loadRebindProposal } from './templateApi';

/** Per template tab: the chosen tab of yours and, per template column, the chosen column ('' for none). */
interface Choices {
  tabs: Record<string, string>;
  columns: Record<string, Record<string, string>>;
}

function choicesOf(proposal: RebindProposal): Choices {
  const choices: Choices = { tabs: {}, columns: {} };
  for (const tab of proposal.tabs) {
    choices.tabs[tab.template_tab] = tab.your_tab ?? '';
    choices.columns[tab.template_tab] = Object.fromEntries(tab.columns.map((c) => [c.template_column, c.your_column ?? '']));
  }
  return choices;
}

/** What the row says: the server's verdict while its match is kept, else what the user chose. */
function statusOf(match: ColumnMatch, chosen: string, proposedTab: boolean): { text: string; unmatched: boolean } {
  if (!chosen) return { text: `Not matched: ${match.reason ?? 'choose a column of yours.'}`, unmatched: true };
  if (proposedTab && chosen === match.your_column) return { text: 'Matched', unmatched: false };
  return { text: 'Chosen by hand', unmatched: false };
}

/**
 * 'Bind to your spreadsheet': pick one of the workspace's spreadsheets (or keep the board's own
 * data), see how each column the board uses matches one of yours by name and type (the server's
 * proposal), fix any by hand, and apply. Used after 'Use this template' and from the editor.
 */
export function BindSpreadsheet({
  boardId,
  workspaceId,
  currentSpreadsheetId,
  keepLabel,
  keepButton,
  onKeep,
  onBound,
}: {
  boardId: string;
  workspaceId: string;
  /** The board's spreadsheet now: not offered, since binding to it changes nothing. */
  currentSpreadsheetId?: string | null;
  /** What keeping the board's data is called ('Keep the sample data'). */
  keepLabel: string;
  /** The button that goes on while it is kept ('Open the board'). */
  keepButton: string;
  onKeep: () => void;
  onBound: (rebound: Rebound) => void;
}) {
  const [spreadsheets, setSpreadsheets] = useState<SpreadsheetView[] | null>(null);
  const [chosen, setChosen] = useState('');
  const [proposal, setProposal] = useState<RebindProposal | null>(null);
  const [choices, setChoices] = useState<Choices | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);

  useEffect(() => {
    listSpreadsheets(workspaceId).then(
      (list) => setSpreadsheets(list.filter((s) => s.id !== currentSpreadsheetId)),
      (thrown) => setError(toApiError(thrown).message),
    );
  }, [workspaceId, currentSpreadsheetId]);

  useEffect(() => {
    setProposal(null);
    setChoices(null);
    if (!chosen) return;
    const abort = new AbortController();
    setError(null);
    loadRebindProposal(boardId, chosen, abort.signal).then(
      (found) => {
        setProposal(found);
        setChoices(choicesOf(found));
      },
      (thrown) => {
        if (!abort.signal.aborted) setError(toApiError(thrown).message);
      },
    );
    return () => abort.abort();
  }, [boardId, chosen]);

  const apply = async () => {
    if (!proposal || !choices) return;
    setApplying(true);
    setError(null);
    try {
      onBound(await applyRebind(boardId, { spreadsheet_id: proposal.spreadsheet_id, ...choices }));
    } catch (thrown) {
      setError(toApiError(thrown).message);
      setApplying(false);
    }
  };

  if (!spreadsheets) return error ? <FormError message={error} /> : <Loading />;
  const unmatched =
    proposal && choices ? proposal.tabs.flatMap((tab) => tab.columns.filter((c) => !choices.columns[tab.template_tab][c.template_column])).length : 0;

  return (
    <div className="bind-spreadsheet">
      <Field label="Spreadsheet" hint="Columns are matched by name and by the type of their values.">
        <select value={chosen} disabled={applying} onChange={(event) => setChosen(event.target.value)}>
          <option value="">{keepLabel}</option>
          {spreadsheets.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </Field>
      {spreadsheets.length === 0 && <p className="muted">This workspace has no other spreadsheet yet; you can bind one later from Board Settings.</p>}
      <FormError message={error} />
      {chosen && !proposal && !error && <Loading message="Matching columns..." />}
      {proposal && choices && (
        <>
          {proposal.tabs.length === 0 && <p className="muted">This board names no tab or column, so there is nothing to match.</p>}
          {proposal.tabs.map((tab) => (
            <TabBinding key={tab.template_tab} tab={tab} yourTabs={proposal.your_tabs} choices={choices} disabled={applying} onChange={setChoices} />
          ))}
          <p role="status" className={unmatched ? 'bind-summary unmatched' : 'bind-summary'}>
            {unmatched === 0
              ? 'Every column matched.'
              : unmatched === 1
                ? "1 column does not match; it keeps the template's name."
                : `${unmatched} columns do not match; they keep the template's names.`}
          </p>
        </>
      )}
      <div className="bind-actions">
        {chosen ? (
          <button type="button" className="button primary" disabled={!proposal || applying} onClick={() => void apply()}>
            {applying ? 'Applying...' : 'Apply'}
          </button>
        ) : (
          <button type="button" className="button primary" onClick={onKeep}>
            {keepButton}
          </button>
        )}
      </div>
    </div>
  );
}

/** One template tab: which tab of yours it becomes, and a row per column it names. */
function TabBinding({
  tab,
  yourTabs,
  choices,
  disabled,
  onChange,
}: {
  tab: RebindProposal['tabs'][number];
  yourTabs: TypedTab[];
  choices: Choices;
  disabled: boolean;
  onChange: (choices: Choices) => void;
}) {
  const yourTab = choices.tabs[tab.template_tab];
  const columns = yourTabs.find((t) => t.title === yourTab)?.columns ?? [];
  const chosen = choices.columns[tab.template_tab];
  const setTab = (title: string) =>
    // Another tab has other columns: what was chosen in the old one means nothing there.
    onChange({
      tabs: { ...choices.tabs, [tab.template_tab]: title },
      columns: {
        ...choices.columns,
        [tab.template_tab]: Object.fromEntries(tab.columns.map((c) => [c.template_column, title === (tab.your_tab ?? '') ? (c.your_column ?? '') : ''])),
      },
    });
  const setColumn = (column: string, value: string) =>
    onChange({ ...choices, columns: { ...choices.columns, [tab.template_tab]: { ...chosen, [column]: value } } });

  return (
    <section className="tab-binding" aria-label={`Tab ${tab.template_tab}`}>
      <Field label={`Your tab for “${tab.template_tab}”`}>
        <select value={yourTab} disabled={disabled} onChange={(event) => setTab(event.target.value)}>
          <option value="">Not bound</option>
          {yourTabs.map((t) => (
            <option key={t.title} value={t.title}>
              {t.title}
            </option>
          ))}
        </select>
      </Field>
      {tab.columns.length > 0 && (
        <table className="bind-table">
          <thead>
            <tr>
              <th scope="col">Template column</th>
              <th scope="col">Type</th>
              <th scope="col">Your column</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {tab.columns.map((match) => {
              const value = chosen[match.template_column] ?? '';
              const status = statusOf(match, value, yourTab === (tab.your_tab ?? ''));
              return (
                <tr key={match.template_column} className={status.unmatched ? 'unmatched' : undefined}>
                  <th scope="row">{match.template_column}</th>
                  <td>{match.template_type ?? 'unknown'}</td>
                  <td>
                    <select
                      aria-label={`Your column for “${match.template_column}”`}
                      value={value}
                      disabled={disabled || !yourTab}
                      onChange={(event) => setColumn(match.template_column, event.target.value)}
                    >
                      <option value="">Not bound</option>
                      {columns.map((c) => (
                        <option key={c.name} value={c.name}>
                          {c.name} ({c.type})
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>{status.text}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
