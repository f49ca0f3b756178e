// The item details block (blocks §3.21): one record of a detail page. The record is the one the
// page's URL names (`record`, a 'ChartApps Record ID', set by a table's item button
// `open_detail_page`), else the first row the viewer's search and filters leave. Layout stacked
// (photo above the fields) or column (photo beside them, stacked under 640 px); the photo is the
// first content column holding an image address; content columns with their labels; actions
// open a page of this board or app, or an external http(s) address.
//
// `photo_customize` is the catalogue's only photo setting (no photo column, size or shape keys):
// off, the photo shows whole at the block's width (up to 480 px); on, it is cropped to a 160 px
// circle, the usual portrait of a record.
//
// A page that names its record (opened from a list or table) has Back above the record.
import { useState } from 'react';
import { useInRouterContext, useLocation } from 'react-router';
import type { BoardBlock } from '../../generated/api';
import { targetHref, type PageTarget } from '../links/appLocation';
import { usePageResolver } from '../links/appPages';
import { BlockLoadState, NoRows } from '../data/BlockLoadState';
import type { BlockRows, BlockSource, DataBlockProps, ViewBlock } from '../data/types';
import { HIDDEN_COLUMNS, RECORD_ID } from '../details/DetailsPopup';
import { shownText } from '../data/display';
import { useSheetRows } from '../useSheetRows';
import { BackLink } from './BackLink';
import './itemDetails.css';
import { buttonStyle } from '../frameStyle';

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const objects = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null) : [];

/** An address the block may show as an image: http(s) with an image file name, or an upload of this server. */
export function isImageAddress(value: string): boolean {
  return /^https?:\/\/\S+\.(png|jpe?g|gif|webp|avif|svg|bmp)([?#]\S*)?$/i.test(value) || /^\/api\/uploads\/[A-Za-z0-9-]+$/.test(value);
}

/** An absolute http(s) address, or null: the only external links an action may open. */
export function externalHref(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The record the detail page shows and the block's rows answer it came from. */
interface Found {
  answer: BlockRows;
  row: Record<string, string> | null;
  /** The row's place on the answer's page (for its sanitised markdown cells). */
  index: number;
}

/**
 * The page's record: the rows call carries it as `current_record`, so a block whose conditional
 * filter matches on 'Current record' gets its rows narrowed by the server and shows the first.
 * Without such a filter the server does not narrow, so the record is found by its id: the first
 * row when that is it, else the block's rows are read whole once and the one with the id kept.
 */
function findRecord(block: BoardBlock, source: BlockSource, record: string) {
  return async (signal: AbortSignal): Promise<Found> => {
    const first = await source.rows(block, { currentRecord: record || undefined, rowsPerPage: 1 }, signal);
    const filter = block.conditional_filter as { filter_by?: unknown } | undefined;
    const narrowed = typeof filter === 'object' && filter !== null && filter.filter_by === 'Current record';
    if (!record || narrowed) return { answer: first, row: first.rows[0] ?? null, index: 0 };
    if (first.rows[0]?.[RECORD_ID] === record) return { answer: first, row: first.rows[0], index: 0 };
    const all = await source.rows(block, { currentRecord: record, rowsPerPage: 0 }, signal);
    const index = all.rows.findIndex((row) => row[RECORD_ID] === record);
    return { answer: all, row: index >= 0 ? all.rows[index] : null, index };
  };
}

export function ItemDetailsBlock(props: DataBlockProps<'itemDetails'>) {
  return useInRouterContext() ? <RoutedDetails {...props} /> : <Details {...props} record={recordOf(window.location.search)} />;
}

function RoutedDetails(props: DataBlockProps<'itemDetails'>) {
  return <Details {...props} record={recordOf(useLocation().search)} />;
}

const recordOf = (search: string) => new URLSearchParams(search).get('record')?.trim() ?? '';

function Details({ block, source, record }: DataBlockProps<'itemDetails'> & { record: string }) {
  const load = useSheetRows<Found>(findRecord(block, source, record), JSON.stringify([source.key, block, record]));
  return (
    <>
      {record && <BackLink home={source.pageHref('')} />}
      <BlockLoadState load={load}>
        {(found) =>
          found.row ? (
            <RecordView block={block} source={source} found={found as Found & { row: Record<string, string> }} />
          ) : (
            <NoRows text={record ? 'This record is not in the sheet, or the filters hide it.' : 'No record to show.'} />
          )
        }
      </BlockLoadState>
    </>
  );
}

function RecordView({ block, source, found }: { block: ViewBlock<'itemDetails'>; source: BlockSource; found: Found & { row: Record<string, string> } }) {
  const { row, answer, index } = found;
  const configured = objects(block.axis)
    .map((entry) => ({ column: text(entry.column), label: text(entry.label) }))
    .filter((entry) => entry.column);
  const columns = configured.length
    ? configured
    : (answer.columns ?? Object.keys(row)).filter((column) => !HIDDEN_COLUMNS.has(column)).map((column) => ({ column, label: '' }));
  const photo = columns.find((entry) => isImageAddress((row[entry.column] ?? '').trim()));
  // A photo that does not load leaves no broken frame (the address stays in the sheet).
  const [brokenPhoto, setBrokenPhoto] = useState('');
  const fields = columns.filter((entry) => entry !== photo);
  const markdown = new Map((answer.markdown ?? []).filter((cell) => cell.row === index).map((cell) => [cell.column, cell.html]));
  const layout = block.Layout === 'column' ? 'column' : 'stacked';
  const customPhoto = block.photo_customize === true;

  return (
    <article className={`item-details-block item-details-${layout}`}>
      {photo && brokenPhoto !== row[photo.column].trim() && (
        <div className="item-details-photo-frame">
          <img
            className={customPhoto ? 'item-details-photo item-details-photo-custom' : 'item-details-photo'}
            src={row[photo.column].trim()}
            alt={photo.label || photo.column}
            onError={() => setBrokenPhoto(row[photo.column].trim())}
          />
        </div>
      )}
      <div className="item-details-body">
        <dl className="item-details-fields">
          {fields.map(({ column, label }) => (
            <div key={column} className="item-details-field">
              <dt>{label || column}</dt>
              <dd>
                <Value value={row[column] ?? ''} text={shownText(answer, index, column)} html={markdown.get(column)} />
              </dd>
            </div>
          ))}
        </dl>
        <Actions block={block} source={source} />
      </div>
    </article>
  );
}

/** A field: markdown, a link from the raw `value`, else `text`, the server's display text of it. */
function Value({ value, text: display, html }: { value: string; text: string; html?: string }) {
  // Sanitised on the server (pulldown-cmark + ammonia) for markdown columns.
  if (html !== undefined) return <div className="item-details-markdown" dangerouslySetInnerHTML={{ __html: html }} />;
  const href = externalHref(value.trim());
  if (href) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {value}
      </a>
    );
  }
  return <>{display}</>;
}

/** Whether an action opens a page of the app (else an external address). */
function opensPage(action: Record<string, unknown>): boolean {
  const type = text(action.type);
  return type === 'Page' || (!type && text(action.page) !== '' && text(action.url) === '');
}

/** Where an action leads: the page it names (as every page link is resolved) or its external address. */
function actionLink(action: Record<string, unknown>, resolve: (value: string) => PageTarget, source: BlockSource): { href: string; external: boolean } | null {
  if (!opensPage(action)) {
    const href = externalHref(text(action.url));
    return href ? { href, external: true } : null;
  }
  const page = text(action.page);
  if (!page) return null;
  const target = resolve(page);
  return { href: targetHref(target, source.pageHref), external: target.external };
}

function Actions({ block, source }: { block: ViewBlock<'itemDetails'>; source: BlockSource }) {
  const actions = block.actions;
  const resolve = usePageResolver(actions.some(opensPage));
  const links = actions.flatMap((action, i) => {
    const link = actionLink(action, resolve, source);
    if (!link) return [];
    return [{ key: i, ...link, label: action.label.trim(), style: buttonStyle(action.button_color, undefined) }];
  });
  if (!links.length) return null;
  return (
    <div className="item-details-actions">
      {links.map((link) => (
        <a
          key={link.key}
          className="button item-details-action"
          href={link.href}
          style={link.style}
          {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {link.label}
        </a>
      ))}
    </div>
  );
}
