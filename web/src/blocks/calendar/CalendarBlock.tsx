// The calendar block (blocks §3.7): month, week and day views of the events the server placed
// (tessera-core `calendar`: the window around today or the selected month, events normalised to
// YYYY-MM-DDTHH:MM). Navigating (previous, today, next) and switching views ask the server again
// with `calendar_view` and `calendar_date`; the window it answers is what is drawn. Clicking an
// event opens the row's details.
import { useState } from 'react';
import { BlockLoadState } from '../data/BlockLoadState';
import { useBlockView } from '../data/hooks';
import type { BlockView, CalendarEventView, CalendarView, DataBlockProps } from '../data/types';
import { textOn } from '../../core/colours';
import { DetailsPopup } from '../details/DetailsPopup';
import { toolbarStyle } from '../frameStyle';
import { cellStyle } from '../RowsTable';
import { CellContent } from '../table/RowsBlock';
import { cellLookup, markdownByCell, shownColumns, stylesByCell } from '../table/tableModel';
import {
  daysBetween,
  eventsByDay,
  localToday,
  longDay,
  monthHeading,
  monthWeeks,
  shortDay,
  stepAnchor,
  timeOnDay,
  weekHeading,
  WEEKDAYS,
  type CalendarViewName,
} from './calendarDates';
import './calendar.css';

const VIEWS: CalendarViewName[] = ['Month', 'Week', 'Day'];
/** Events a month cell lists before "+N more" (which opens that day). */
export const MONTH_CELL_EVENTS = 3;

type Window = CalendarView['window'];

/** What the viewer asked for; none until they navigate (the server opens the block's default). */
interface Navigation {
  view: CalendarViewName;
  date: string;
}

/** The day the window is placed around (older answers without `anchor` use its first day). */
function anchorOf(window: Window): string {
  return (window.anchor || window.start).slice(0, 10);
}

function heading(window: Window): string {
  if (window.view === 'Month') return monthHeading(anchorOf(window));
  if (window.view === 'Week') return weekHeading(window.start, window.end);
  return longDay(window.start);
}

const titleOf = (event: CalendarEventView) => event.title || '(no title)';

function EventButton({ event, day, onOpen, compact }: { event: CalendarEventView; day: string; onOpen: (e: CalendarEventView) => void; compact?: boolean }) {
  const time = timeOnDay(event, day);
  return (
    <button
      type="button"
      className={event.all_day ? 'calendar-block-event calendar-block-all-day' : 'calendar-block-event'}
      onClick={() => onOpen(event)}
      aria-label={`${titleOf(event)}, ${time}`}
      title={`${titleOf(event)}, ${time}`}
    >
      {compact ? (
        <>
          {!event.all_day && time.match(/^\d/) && <span className="calendar-block-time">{time.slice(0, 5)} </span>}
          <span className="calendar-block-title">{titleOf(event)}</span>
        </>
      ) : (
        <>
          <span className="calendar-block-time">{time}</span>
          <span className="calendar-block-title">{titleOf(event)}</span>
        </>
      )}
    </button>
  );
}

function MonthGrid({
  window,
  events,
  more,
  today,
  onOpen,
  onDay,
}: {
  window: Window;
  events: CalendarEventView[];
  /** Events the server left out, by day. */
  more: Record<string, number>;
  today: string;
  onOpen: (e: CalendarEventView) => void;
  onDay: (day: string) => void;
}) {
  const weeks = monthWeeks(window.start, window.end);
  const byDay = eventsByDay(events, weeks.flat());
  const inMonth = (day: string) => day >= window.start && day < window.end;
  return (
    <table className="calendar-block-month">
      <caption className="visually-hidden">{`Events of ${heading(window)}`}</caption>
      <thead>
        <tr>
          {WEEKDAYS.map((day) => (
            <th key={day} scope="col" abbr={day}>
              <span aria-hidden="true">{day.slice(0, 3)}</span>
              <span className="visually-hidden">{day}</span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]}>
            {week.map((day) => {
              const list = byDay.get(day) ?? [];
              const shown = list.slice(0, MONTH_CELL_EVENTS);
              const hidden = list.length - shown.length + (more[day] ?? 0);
              const classes = ['calendar-block-day', inMonth(day) ? '' : 'calendar-block-outside', day === today ? 'calendar-block-today' : '']
                .filter(Boolean)
                .join(' ');
              return (
                <td key={day} className={classes} data-day={day} aria-current={day === today ? 'date' : undefined}>
                  <span className="calendar-block-date" aria-label={longDay(day)}>
                    {Number(day.slice(8, 10))}
                  </span>
                  {shown.length > 0 && (
                    <ul className="calendar-block-events">
                      {shown.map((event, i) => (
                        <li key={i}>
                          <EventButton event={event} day={day} onOpen={onOpen} compact />
                        </li>
                      ))}
                    </ul>
                  )}
                  {hidden > 0 && (
                    <button type="button" className="calendar-block-more" onClick={() => onDay(day)} aria-label={`${hidden} more on ${longDay(day)}`}>
                      {`+${hidden} more`}
                    </button>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Week and day views: one list per day, all-day events first, then by start. */
function DayLists({
  window,
  events,
  more,
  today,
  onOpen,
}: {
  window: Window;
  events: CalendarEventView[];
  more: Record<string, number>;
  today: string;
  onOpen: (e: CalendarEventView) => void;
}) {
  const days = daysBetween(window.start, window.end);
  const byDay = eventsByDay(events, days);
  const single = days.length === 1;
  return (
    <div className={single ? 'calendar-block-days calendar-block-single' : 'calendar-block-days'}>
      {days.map((day) => {
        const list = [...(byDay.get(day) ?? [])].sort((a, b) => Number(b.all_day) - Number(a.all_day));
        return (
          <section
            key={day}
            className={day === today ? 'calendar-block-column calendar-block-today' : 'calendar-block-column'}
            aria-label={longDay(day)}
            data-day={day}
          >
            {!single && (
              <h4 className="calendar-block-day-heading" aria-current={day === today ? 'date' : undefined}>
                {shortDay(day)}
              </h4>
            )}
            {list.length === 0 ? (
              <p className="muted calendar-block-none">No events</p>
            ) : (
              <ul className="calendar-block-events">
                {list.map((event, i) => (
                  <li key={i}>
                    <EventButton event={event} day={day} onOpen={onOpen} />
                  </li>
                ))}
              </ul>
            )}
            {(more[day] ?? 0) > 0 && (
              <p className="muted calendar-block-none">{`${more[day]} more events this day are not listed; search or filter to narrow them.`}</p>
            )}
          </section>
        );
      })}
    </div>
  );
}

/**
 * An event's details, drawn as a table draws its cells: the block's shown columns (the one
 * shown-columns rule), each by its type, markdown and conditional colours, at its set width.
 */
function EventDetails({
  block,
  calendar,
  index,
  onClose,
}: {
  block: DataBlockProps<'calendar'>['block'];
  calendar: CalendarView;
  index: number;
  onClose: () => void;
}) {
  const event = calendar.events[index];
  const columns = shownColumns(block, Object.keys(event.record));
  const styles = stylesByCell(calendar.styles);
  const markdown = markdownByCell(calendar.markdown);
  const cell = (name: string) => {
    const column = columns.find((shown) => shown.name === name)!;
    const colours = cellLookup(styles, index, name);
    const width = typeof column.axis?.column_width === 'number' && column.axis.column_width > 0 ? column.width : undefined;
    return {
      content: (
        <CellContent
          column={column}
          value={event.record[name] ?? ''}
          text={event.display?.[name] ?? event.record[name] ?? ''}
          html={cellLookup(markdown, index, name)}
        />
      ),
      style: { ...cellStyle(colours), ...(width && { maxWidth: width }) },
    };
  };
  return <DetailsPopup title={titleOf(event)} record={event.record} columns={columns.map((column) => column.name)} cell={cell} onClose={onClose} />;
}

function CalendarBody({
  calendar,
  busy,
  onNavigate,
  block,
}: {
  calendar: CalendarView;
  busy: boolean;
  onNavigate: (nav: Navigation) => void;
  block: DataBlockProps<'calendar'>['block'];
}) {
  const { window, events, skipped } = calendar;
  const more = calendar.more ?? {};
  const [open, setOpen] = useState<CalendarEventView | null>(null);
  const openIndex = open ? events.indexOf(open) : -1;
  const today = localToday();
  const anchor = anchorOf(window);
  const unit = window.view.toLowerCase();
  // blocks §3.1 toolbar_icon_color: the navigation's colour, and the chosen view's fill.
  const tint = toolbarStyle(block);
  const chosen = tint && { background: tint.color, borderColor: tint.color, color: textOn(String(tint.color)) };
  return (
    <div className="calendar-block" aria-busy={busy || undefined}>
      <div className="calendar-block-toolbar">
        <div className="calendar-block-nav">
          <button
            type="button"
            className="button small"
            style={tint}
            onClick={() => onNavigate({ view: window.view, date: stepAnchor(window.view, anchor, -1) })}
            aria-label={`Previous ${unit}`}
          >
            ‹
          </button>
          <button type="button" className="button small" style={tint} onClick={() => onNavigate({ view: window.view, date: localToday() })}>
            Today
          </button>
          <button
            type="button"
            className="button small"
            style={tint}
            onClick={() => onNavigate({ view: window.view, date: stepAnchor(window.view, anchor, 1) })}
            aria-label={`Next ${unit}`}
          >
            ›
          </button>
        </div>
        <h3 className="calendar-block-heading" aria-live="polite">
          {heading(window)}
        </h3>
        <div className="calendar-block-views" role="group" aria-label="Calendar view">
          {VIEWS.map((view) => (
            <button
              key={view}
              type="button"
              className={view === window.view ? 'button small calendar-block-view-active' : 'button small'}
              style={view === window.view ? chosen : tint}
              aria-pressed={view === window.view}
              onClick={() => view !== window.view && onNavigate({ view, date: anchor })}
            >
              {view}
            </button>
          ))}
        </div>
      </div>
      {window.view === 'Month' ? (
        <MonthGrid window={window} events={events} more={more} today={today} onOpen={setOpen} onDay={(day) => onNavigate({ view: 'Day', date: day })} />
      ) : (
        <DayLists window={window} events={events} more={more} today={today} onOpen={setOpen} />
      )}
      {window.view === 'Month' && events.length === 0 && <p className="muted calendar-block-none">No events this month.</p>}
      {skipped > 0 && (
        <p className="muted calendar-block-skipped">{`${skipped} ${skipped === 1 ? 'row has' : 'rows have'} no start date and ${skipped === 1 ? 'is' : 'are'} not shown.`}</p>
      )}
      {openIndex >= 0 && <EventDetails block={block} calendar={calendar} index={openIndex} onClose={() => setOpen(null)} />}
    </div>
  );
}

export function CalendarBlock({ block, source }: DataBlockProps<'calendar'>) {
  const [nav, setNav] = useState<Navigation | null>(null);
  const extra = nav ? { calendar_view: nav.view, calendar_date: nav.date } : undefined;
  const load = useBlockView<BlockView>(block, source, extra);
  const ready = load.status === 'ready' && load.answer.kind === 'calendar' ? load.answer.calendar : null;
  // The last calendar drawn stays while the next window loads (navigating does not flash) and
  // after a failed load (the viewer can navigate back).
  const [last, setLast] = useState<CalendarView | null>(null);
  if (ready && ready !== last) setLast(ready);
  const calendar = ready ?? last;

  if (calendar) {
    return (
      <>
        {load.status === 'failed' && (
          <p className="block-error" role="alert">
            {load.message}
          </p>
        )}
        <CalendarBody calendar={calendar} busy={load.status === 'loading'} onNavigate={setNav} block={block} />
      </>
    );
  }
  return <BlockLoadState load={load}>{() => <p className="block-error">This block's data is not a calendar.</p>}</BlockLoadState>;
}
