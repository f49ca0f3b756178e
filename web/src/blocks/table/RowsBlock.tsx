// What a table and a list share (blocks §3.4, §3.5 "same block settings as table"): paging,
// sorting, the toolbar (add row, toolbar buttons; CSV and PDF in the block's menu), the details
// popup, the add-row and edit-row forms, and how a cell shows (character_limit, markdown, images, links).
import { useRef, useState, type ComponentType } from 'react';
import { toApiError } from '../../api/errors';
import type { BoardBlock } from '../../generated/api';
import { targetHref } from '../links/appLocation';
import { usePageResolver } from '../links/appPages';
import { showToast } from '../../store/toastStore';
import { buttonStyle, toolbarColour } from '../frameStyle';
import { BlockMenu, type MenuAction } from '../pdf/BlockMenu';
import { RowActions } from '../actions/RowActions';
import { shownActions, type ActionType, type RowAction } from '../actions/rowActions';
import type { BlockLoad } from '../data/hooks';
import { useBlockRows } from '../data/hooks';
import { BlockLoadState, NoRows } from '../data/BlockLoadState';
import { shownRecord, shownText } from '../data/display';
import type { BlockRows, BlockSource, DataBlockProps, RowsQuery, RowValues, ViewBlock } from '../data/types';
import { DetailsPopup, RECORD_ID } from '../details/DetailsPopup';
import { RowForm } from './RowForm';
import './rows.css';
import { imageUrl, linkUrl } from '../urls';
import { currentRecordParam, detailHref, formColumns, itemButtons, shownColumns, toolbarButtons, truncate, type ShownColumn } from './tableModel';
import type { ColumnType } from '../data/columnTypes';

type FormState = { mode: 'add' } | { mode: 'edit'; record: Record<string, string>; action: RowAction };
type Sort = NonNullable<RowsQuery['sort']>;

export interface RowsBlockOptions {
  /** Column types the block knows (a list: text and image). */
  types: readonly ColumnType[];
  /** Row action types the block offers (a list: Edit row and Delete row). */
  actionTypes: readonly ActionType[];
  /** Columns as this block shows them (a list forces external image addresses). */
  adjust?: (column: ShownColumn) => ShownColumn;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export function blockTitle(block: BoardBlock, fallback: string): string {
  return text(block.title) || text(block.sheet_title) || fallback;
}

/** The state and the handlers of a table or list block. */
export function useRowsBlock(block: ViewBlock<'table' | 'list'>, source: BlockSource, options: RowsBlockOptions) {
  const settings = block;
  const paginate = settings.paginate;
  const perPage = settings.rows_per_page;
  // A new search or filter (a new source) starts again at page 1.
  const [paging, setPaging] = useState({ key: source.key, page: 1 });
  const page = paging.key === source.key ? paging.page : 1;
  const [sort, setSortState] = useState<Sort | undefined>();
  const currentRecord = settings.conditional_filter?.filter_by === 'Current record' ? currentRecordParam() : undefined;
  const query: RowsQuery = {
    page: paginate ? page : 1,
    rowsPerPage: paginate ? perPage : 0,
    ...(sort ? { sort } : {}),
    ...(currentRecord ? { currentRecord } : {}),
  };
  const { load, reload } = useBlockRows(block, source, query);

  // While the next page or a reload loads, the rows shown so far stay (dimmed), so the block
  // does not jump to a spinner and back.
  const last = useRef<BlockRows | null>(null);
  if (load.status === 'ready') last.current = load.answer;
  const view: BlockLoad<BlockRows> = load.status === 'loading' && last.current ? { status: 'ready', answer: last.current } : load;
  const busy = load.status === 'loading' && last.current !== null;

  const [details, setDetails] = useState<Record<string, string> | null>(null);
  const [form, setForm] = useState<FormState | null>(null);

  const columnsOf = (answer: BlockRows) => {
    const shown = shownColumns(block, answer.columns, options.types);
    return options.adjust ? shown.map(options.adjust) : shown;
  };

  /** The columns of a form: the shown ones, then other columns the caller may edit. */
  const formColumnsOf = (answer: BlockRows, editable: string[]) => {
    const all = formColumns(block, answer.columns, columnsOf(answer), editable, options.types);
    return options.adjust ? all.map(options.adjust) : all;
  };

  return {
    block,
    source,
    options,
    formColumnsOf,
    settings,
    paginate,
    page,
    setPage: (next: number) => setPaging({ key: source.key, page: Math.max(1, next) }),
    sort,
    /** Header click: ascending, then descending, then the sheet's order. */
    toggleSort: (column: string) => {
      setSortState((now) => (now?.column !== column ? { column, direction: 'asc' } : now.direction === 'asc' ? { column, direction: 'desc' } : undefined));
      setPaging({ key: source.key, page: 1 });
    },
    load: view,
    busy,
    reload,
    /** Every row the viewer's filters and search match, in the order shown (for the PDF). */
    allRows: (signal?: AbortSignal) => source.rows(block, { ...query, page: 1, rowsPerPage: 0 }, signal),
    columnsOf,
    details,
    showDetails: settings.show_details_on_click ? setDetails : undefined,
    closeDetails: () => setDetails(null),
    form,
    openAdd: () => setForm({ mode: 'add' }),
    openEdit: (record: Record<string, string>, action: RowAction) => {
      setDetails(null);
      setForm({ mode: 'edit', record, action });
    },
    closeForm: () => setForm(null),
  };
}

export type RowsBlockState = ReturnType<typeof useRowsBlock>;

/**
 * The most rows a table's or list's PDF holds (about 200 pages): every row the viewer's filters
 * and search match goes in, and past this the viewer is told to narrow them (or take the CSV).
 */
export const PDF_ROW_LIMIT = 5_000;

export interface RowsBodyProps {
  state: RowsBlockState;
  answer: BlockRows;
  title: string;
}

/**
 * What a table and a list share around their rows: the toolbar, the empty state, the guest cap
 * note, the pager and the popups (details, add and edit forms). `Rows` draws the rows themselves.
 */
export function RowsBlockView({
  block,
  source,
  options,
  kind,
  Rows,
}: DataBlockProps<'table' | 'list'> & { options: RowsBlockOptions; kind: 'Table' | 'List'; Rows: ComponentType<RowsBodyProps> }) {
  const state = useRowsBlock(block, source, options);
  const title = blockTitle(block, kind);
  return (
    <div className={`${kind.toLowerCase()}-block rows-block`} aria-busy={state.busy || undefined}>
      <BlockLoadState load={state.load}>
        {(answer) => (
          <>
            <RowsToolbar state={state} answer={answer} title={title} />
            {answer.rows.length === 0 ? <NoRows narrowed={source.narrowed} /> : <Rows state={state} answer={answer} title={title} />}
            <TruncatedNote answer={answer} />
            <Pager state={state} answer={answer} />
            <RowsPopups state={state} answer={answer} title={title} />
          </>
        )}
      </BlockLoadState>
    </div>
  );
}

/** Add row and toolbar buttons above the rows, and the block's menu of CSV and PDF. */
export function RowsToolbar({ state, answer, title }: { state: RowsBlockState; answer: BlockRows; title: string }) {
  const { block, source, settings } = state;
  const [exporting, setExporting] = useState(false);
  const canAdd = answer.permissions?.append === true;
  const pages = toolbarButtons(block);
  const resolve = usePageResolver(pages.length > 0);
  const csv = settings.csv_download;
  const pdf = settings.pdf_download;
  const exportPdf = async () => {
    // Every matching row, not just this page; past the limit a PDF would be too big to open.
    if (answer.total > PDF_ROW_LIMIT) {
      const other = csv ? 'download the CSV instead, or ' : '';
      showToast({
        kind: 'error',
        text: `A PDF holds at most ${PDF_ROW_LIMIT.toLocaleString('en')} rows and ${answer.total.toLocaleString('en')} match: ${other}narrow them with a filter or search first.`,
      });
      return;
    }
    setExporting(true);
    try {
      const all = answer.page_count > 1 ? await state.allRows() : answer;
      const columns = state.columnsOf(all).map((column) => column.name);
      const { downloadTablePdf } = await import('../pdf/pdf');
      await downloadTablePdf(
        title,
        columns,
        // The PDF shows what the viewer reads; the CSV export keeps raw values for spreadsheets.
        all.rows.map((_, place) => columns.map((column) => shownText(all, place, column))),
        source.filterSummary,
      );
    } catch (error) {
      showToast({ kind: 'error', text: `The PDF could not be made: ${toApiError(error).message}` });
    } finally {
      setExporting(false);
    }
  };

  // CSV and PDF go in the block's "⋯" menu, on its title line when it has a frame.
  const exports: MenuAction[] = [
    ...(csv ? [{ label: 'Download CSV', href: source.csvUrl(block), download: true }] : []),
    ...(pdf ? [{ label: exporting ? 'Making PDF…' : 'Download PDF', run: () => void exportPdf(), disabled: exporting }] : []),
  ];
  const menu = <BlockMenu title={title} actions={exports} tint={toolbarColour(block)} />;
  if (!canAdd && pages.length === 0) return menu;

  return (
    <div className="rows-toolbar">
      {canAdd && (
        <button
          type="button"
          className="rows-toolbar-button"
          style={buttonStyle(settings.add_row_button_color, settings.add_row_text_color || toolbarColour(block))}
          onClick={state.openAdd}
        >
          {text(settings.add_row_button_title) || 'Add row'}
        </button>
      )}
      {pages.map((button, index) => (
        <a
          key={index}
          className="rows-toolbar-button"
          style={buttonStyle(button.button_color, button.text_color)}
          href={targetHref(resolve(button.open_page ?? ''), source.pageHref)}
        >
          {text(button.title) || 'Open'}
        </a>
      ))}
      <span className="rows-toolbar-spacer" />
      {menu}
    </div>
  );
}

/** Previous / next and "Page x of y" (blocks §3.4 paginate, rows_per_page). */
export function Pager({ state, answer }: { state: RowsBlockState; answer: BlockRows }) {
  if (!state.paginate || answer.page_count <= 1) return null;
  const page = Math.min(Math.max(answer.page, 1), answer.page_count);
  return (
    <nav className="rows-pager" aria-label="Pages">
      <button type="button" className="button small" onClick={() => state.setPage(page - 1)} disabled={page <= 1 || state.busy}>
        Previous
      </button>
      <span aria-live="polite">{`Page ${page} of ${answer.page_count}`}</span>
      <button type="button" className="button small" onClick={() => state.setPage(page + 1)} disabled={page >= answer.page_count || state.busy}>
        Next
      </button>
    </nav>
  );
}

/** A note when a guest's answer was cut (the server's 10,000-row cap). */
export function TruncatedNote({ answer }: { answer: BlockRows }) {
  return answer.truncated ? <p className="muted rows-note">Only the first rows are shown; sign in to see them all.</p> : null;
}

/** The row's actions and item buttons (open_detail_page), as a row or a card shows them. */
export function RowButtons({
  state,
  answer,
  record,
  columns,
  opened = 0,
}: {
  state: RowsBlockState;
  answer: BlockRows;
  record: Record<string, string>;
  columns: string[];
  /** How many of the first item buttons the row itself already opens (a compact list row). */
  opened?: number;
}) {
  const { block, source } = state;
  const items = itemButtons(block).slice(opened);
  const resolve = usePageResolver(items.length > 0);
  const recordId = record[RECORD_ID] ?? '';
  return (
    <>
      <RowActions
        block={block}
        source={source}
        record={record}
        permissions={answer.permissions ?? undefined}
        types={state.options.actionTypes}
        columns={columns}
        onEdit={state.openEdit}
        onChanged={() => {
          state.closeDetails();
          state.reload();
        }}
      />
      {items.length > 0 && recordId && (
        <div className="row-actions">
          {items.map((button, index) => (
            <a
              key={index}
              className="row-action"
              style={buttonStyle(button.button_color, button.text_color)}
              href={detailHref(source, resolve(button.open_detail_page ?? ''), recordId)}
            >
              {text(button.title) || 'View'}
            </a>
          ))}
        </div>
      )}
    </>
  );
}

/** Whether any row can show buttons (so a table gives them a column). */
export function hasRowButtons(state: RowsBlockState, answer: BlockRows): boolean {
  if (itemButtons(state.block).length > 0) return true;
  return shownActions(state.block.actions, answer.permissions ?? undefined, state.options.actionTypes).length > 0;
}

/** The details popup and the add-row / edit-row forms. */
export function RowsPopups({ state, answer, title }: { state: RowsBlockState; answer: BlockRows; title: string }) {
  const { block, source, settings, form, details } = state;
  const shown = state.columnsOf(answer);
  const names = shown.map((column) => column.name);

  const addRow = async (values: RowValues) => {
    const added = await source.appendRow(block, values);
    showToast({ kind: 'success', text: added.message || 'Row added.' });
    state.closeForm();
    state.reload();
  };

  return (
    <>
      {details && (
        <DetailsPopup title={title} record={shownRecord(answer, details)} columns={names} onClose={state.closeDetails}>
          <div className="rows-details-actions">
            <RowButtons state={state} answer={answer} record={details} columns={names} />
          </div>
        </DetailsPopup>
      )}
      {form?.mode === 'add' && (
        <RowForm
          title={text(settings.add_row_button_title) || 'Add row'}
          block={block}
          source={source}
          columns={state.formColumnsOf(answer, [])}
          submitTitle={text(settings.submit_button_title) || 'Submit'}
          onSubmit={addRow}
          onClose={state.closeForm}
        />
      )}
      {form?.mode === 'edit' && (
        <RowForm
          title={text(form.action.title) || 'Edit row'}
          block={block}
          source={source}
          columns={state.formColumnsOf(answer, answer.permissions?.edit_columns ?? [])}
          record={form.record}
          editable={answer.permissions?.edit_columns ?? []}
          submitTitle={text(settings.submit_button_title) || 'Save'}
          errorMessage={text(form.action.error_message) || undefined}
          onSubmit={async (values) => {
            await source.editRow(block, form.record[RECORD_ID] ?? '', values);
            showToast({ kind: 'success', text: text(form.action.success_message) || 'Row saved.' });
            state.closeForm();
            state.reload();
          }}
          onClose={state.closeForm}
        />
      )}
    </>
  );
}

/** A cell's content: markdown HTML from the server, an image, a link or text cut to its limit. */
/**
 * A cell: markdown, an image or a link from its raw `value`; other cells as `text`, the server's
 * display text for the viewer (`741.0` reads `741`), or the value when there is none.
 */
/**
 * A cell as the viewer reads it: `value` as stored (images, links, and what editing starts from)
 * and `text`, its display text by the core's rule (`shownText`), which every other cell shows.
 */
export function CellContent({ column, value, text: display, html }: { column: ShownColumn; value: string; text: string; html?: string }) {
  if (html !== undefined) {
    // Sanitised by the server (tessera-markup); the only HTML a block sets.
    return <div className="rows-markdown" dangerouslySetInnerHTML={{ __html: html }} />;
  }
  if (column.type === 'image') {
    const src = imageUrl(value);
    if (src) return <img className="rows-image" src={src} alt={column.name} loading="lazy" decoding="async" width={48} height={48} />;
  }
  const shown = truncate(value, column.limit);
  if (column.type === 'url') {
    const href = linkUrl(value, false);
    if (href) {
      return (
        <a href={href} target="_blank" rel="noopener noreferrer" title={shown !== value ? value : undefined} onClick={(event) => event.stopPropagation()}>
          {shown}
        </a>
      );
    }
  }
  const read = truncate(display, column.limit);
  return read !== display ? <span title={display}>{read}</span> : <>{display}</>;
}
