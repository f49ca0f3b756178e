import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BoardBlock } from '../../generated/api';
import { fakeSource } from '../chart/fakeSource';
import type { BlockView, CalendarEventView, CalendarView } from '../data/types';
import { CalendarBlock } from './CalendarBlock';
import { addDays, daysBetween, shiftMonth, weekdayFromMonday } from './calendarDates';
import { viewBlockOf } from '../../test/viewBlocks';

const block: BoardBlock = {
  id: 'cal1',
  type: 'calendar',
  sheet_title: 'Events',
  default_calendar_view: 'Month',
  default_calendar_month: 'Selected month',
  calender_year: '2026',
  calender_month: '11',
  start_time_column: 'Start',
  end_time_column: 'End',
  event_title_column: 'Title',
  axis: [{ column: 'Title' }, { column: 'Room' }, { column: 'Secret', hidden: true }],
};

function event(title: string, start: string, end: string, allDay = false, extra: Record<string, string> = {}): CalendarEventView {
  return { title, start, end, all_day: allDay, record: { 'ChartApps Record ID': `id-${title}`, Title: title, Room: 'Blue', Secret: 'x', ...extra } };
}

const EVENTS = [
  event('Planning', '2026-11-02T00:00', '2026-11-04T00:00', true),
  event('Standup', '2026-11-21T09:00', '2026-11-21T09:15'),
  event('Review', '2026-11-21T11:00', '2026-11-21T12:30'),
  event('Lunch', '2026-11-21T12:30', '2026-11-21T13:30'),
  event('Retro', '2026-11-21T15:00', '2026-11-21T16:00'),
];

/** What the server answers: the window of the asked view around the asked day (the core's rule). */
function server(extra: Record<string, string>, skipped = 0): BlockView {
  const view = (extra.calendar_view ?? 'Month') as CalendarView['window']['view'];
  const anchor = extra.calendar_date ?? '2026-11-01';
  let start = anchor;
  let end = addDays(anchor, 1);
  if (view === 'Month') {
    start = `${anchor.slice(0, 7)}-01`;
    end = shiftMonth(anchor, 1);
  } else if (view === 'Week') {
    start = addDays(anchor, -weekdayFromMonday(anchor));
    end = addDays(start, 7);
  }
  const events = EVENTS.filter((e) => e.start < `${end}T00:00` && e.end > `${start}T00:00`);
  return { kind: 'calendar', calendar: { window: { view, start, end, anchor }, events, skipped } };
}

const cell = (day: string) => document.querySelector(`[data-day="${day}"]`) as HTMLElement;

afterEach(() => vi.useRealTimers());

describe('CalendarBlock', () => {
  it("opens on the server's window without navigation params", async () => {
    const source = fakeSource(server);
    render(<CalendarBlock block={viewBlockOf('calendar', block)} source={source} />);
    expect(await screen.findByRole('heading', { name: 'November 2026' })).toBeInTheDocument();
    expect(source.viewCalls).toEqual([{ block: viewBlockOf('calendar', block), extra: {} }]);
    expect(screen.getByRole('button', { name: 'Month' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('colours its navigation with toolbar_icon_color and fills the chosen view with it', async () => {
    render(<CalendarBlock block={viewBlockOf('calendar', { ...block, toolbar_icon_color: '#0a7d33' })} source={fakeSource(server)} />);
    await screen.findByRole('heading', { name: 'November 2026' });
    for (const name of ['Previous month', 'Today', 'Next month', 'Week']) {
      expect(screen.getByRole('button', { name })).toHaveStyle({ color: '#0a7d33', borderColor: '#0a7d33' });
    }
    expect(screen.getByRole('button', { name: 'Month' })).toHaveStyle({ background: '#0a7d33' });
  });

  it('lays the month out in weeks starting on Monday', async () => {
    render(<CalendarBlock block={viewBlockOf('calendar', block)} source={fakeSource(server)} />);
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.getAttribute('abbr')),
    ).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(6);
    expect(within(rows[0]).getAllByRole('cell')[0]).toHaveAttribute('data-day', '2026-10-26');
    expect(cell('2026-10-26')).toHaveClass('calendar-block-outside');
    expect(cell('2026-11-01')).not.toHaveClass('calendar-block-outside');
  });

  it('places events on their days; an all-day event over two days shows on both', async () => {
    render(<CalendarBlock block={viewBlockOf('calendar', block)} source={fakeSource(server)} />);
    await screen.findByRole('table');
    expect(within(cell('2026-11-02')).getByRole('button', { name: 'Planning, All day' })).toBeInTheDocument();
    expect(within(cell('2026-11-03')).getByRole('button', { name: 'Planning, All day' })).toBeInTheDocument();
    expect(within(cell('2026-11-04')).queryByRole('button', { name: 'Planning, All day' })).not.toBeInTheDocument();
    expect(within(cell('2026-11-21')).getByRole('button', { name: 'Standup, 09:00–09:15' })).toBeInTheDocument();
  });

  it('lists three events in a month cell and opens the day for the rest', async () => {
    const user = userEvent.setup();
    const source = fakeSource(server);
    render(<CalendarBlock block={viewBlockOf('calendar', block)} source={source} />);
    await screen.findByRole('table');
    expect(within(cell('2026-11-21')).getAllByRole('listitem')).toHaveLength(3);
    await user.click(within(cell('2026-11-21')).getByRole('button', { name: '1 more on Saturday 21 November 2026' }));
    expect(source.viewCalls.at(-1)!.extra).toEqual({ calendar_view: 'Day', calendar_date: '2026-11-21' });
    expect(await screen.findByRole('heading', { name: 'Saturday 21 November 2026' })).toBeInTheDocument();
    for (const title of ['Standup', 'Review', 'Lunch', 'Retro']) expect(screen.getByRole('button', { name: new RegExp(title) })).toBeInTheDocument();
  });

  it("counts the events the server left out of a busy day, in the month and in the day's list", async () => {
    const user = userEvent.setup();
    const busy = (extra: Record<string, string>): BlockView => {
      const answer = server(extra);
      if (answer.kind === 'calendar') answer.calendar.more = { '2026-11-21': 120 };
      return answer;
    };
    render(<CalendarBlock block={viewBlockOf('calendar', block)} source={fakeSource(busy)} />);
    await screen.findByRole('table');
    await user.click(within(cell('2026-11-21')).getByRole('button', { name: '121 more on Saturday 21 November 2026' }));
    expect(await screen.findByText('120 more events this day are not listed; search or filter to narrow them.')).toBeInTheDocument();
  });

  it('asks for the previous and next month', async () => {
    const user = userEvent.setup();
    const source = fakeSource(server);
    render(<CalendarBlock block={viewBlockOf('calendar', block)} source={source} />);
    await screen.findByRole('heading', { name: 'November 2026' });
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(source.viewCalls.at(-1)!.extra).toEqual({ calendar_view: 'Month', calendar_date: '2026-12-01' });
    expect(await screen.findByRole('heading', { name: 'December 2026' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await user.click(await screen.findByRole('button', { name: 'Previous month' }));
    expect(source.viewCalls.at(-1)!.extra).toEqual({ calendar_view: 'Month', calendar_date: '2026-10-01' });
    expect(await screen.findByRole('heading', { name: 'October 2026' })).toBeInTheDocument();
  });

  it("goes to the viewer's today", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2027, 1, 3, 10, 0));
    const user = userEvent.setup();
    const source = fakeSource(server);
    render(<CalendarBlock block={viewBlockOf('calendar', block)} source={source} />);
    await screen.findByRole('heading', { name: 'November 2026' });
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(source.viewCalls.at(-1)!.extra).toEqual({ calendar_view: 'Month', calendar_date: '2027-02-03' });
    expect(await screen.findByRole('heading', { name: 'February 2027' })).toBeInTheDocument();
    expect(cell('2027-02-03')).toHaveAttribute('aria-current', 'date');
  });

  it('switches to the week and day around the anchor, and steps by a week', async () => {
    const user = userEvent.setup();
    const source = fakeSource(server);
    render(<CalendarBlock block={viewBlockOf('calendar', block)} source={source} />);
    await user.click(await screen.findByRole('button', { name: 'Week' }));
    expect(source.viewCalls.at(-1)!.extra).toEqual({ calendar_view: 'Week', calendar_date: '2026-11-01' });
    expect(await screen.findByRole('heading', { name: '26 October – 1 November 2026' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(source.viewCalls.at(-1)!.extra).toEqual({ calendar_view: 'Week', calendar_date: '2026-11-08' });
    await screen.findByRole('heading', { name: '2 – 8 November 2026' });
    await user.click(screen.getByRole('button', { name: 'Day' }));
    expect(source.viewCalls.at(-1)!.extra).toEqual({ calendar_view: 'Day', calendar_date: '2026-11-08' });
  });

  it('draws a week as one list per day with the times of the events', async () => {
    render(<CalendarBlock block={viewBlockOf('calendar', block)} source={fakeSource(server({ calendar_view: 'Week', calendar_date: '2026-11-21' }))} />);
    expect(await screen.findByRole('heading', { name: '16 – 22 November 2026' })).toBeInTheDocument();
    const days = daysBetween('2026-11-16', '2026-11-23');
    expect(days.map((d) => screen.getByRole('region', { name: new RegExp(` ${Number(d.slice(8, 10))} November`) }))).toHaveLength(7);
    const saturday = screen.getByRole('region', { name: 'Saturday 21 November 2026' });
    expect(within(saturday).getByRole('heading', { level: 4 })).toHaveTextContent('Sat 21 Nov');
    expect(
      within(saturday)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['09:00–09:15Standup', '11:00–12:30Review', '12:30–13:30Lunch', '15:00–16:00Retro']);
    expect(within(screen.getByRole('region', { name: 'Monday 16 November 2026' })).getByText('No events')).toBeInTheDocument();
  });

  it('draws a day with its all-day events first', async () => {
    const view: BlockView = {
      kind: 'calendar',
      calendar: {
        window: { view: 'Day', start: '2026-11-03', end: '2026-11-04', anchor: '2026-11-03' },
        events: [event('Early', '2026-11-03T07:00', '2026-11-03T08:00'), EVENTS[0]],
        skipped: 0,
      },
    };
    render(<CalendarBlock block={viewBlockOf('calendar', block)} source={fakeSource(view)} />);
    expect(await screen.findByRole('heading', { name: 'Tuesday 3 November 2026' })).toBeInTheDocument();
    const region = screen.getByRole('region', { name: 'Tuesday 3 November 2026' });
    expect(
      within(region)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All dayPlanning', '07:00–08:00Early']);
    expect(screen.getByRole('button', { name: 'Day' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("opens the event's row in the details popup, without hidden columns", async () => {
    const user = userEvent.setup();
    render(<CalendarBlock block={viewBlockOf('calendar', block)} source={fakeSource(server)} />);
    await screen.findByRole('table');
    await user.click(within(cell('2026-11-02')).getByRole('button', { name: 'Planning, All day' }));
    const dialog = await screen.findByRole('dialog', { name: 'Planning' });
    expect(within(dialog).getByText('Room').nextSibling).toHaveTextContent('Blue');
    expect(within(dialog).queryByText('Secret')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('ChartApps Record ID')).not.toBeInTheDocument();
  });

  it("draws an event's details by the columns' settings: type, markdown, colours and width", async () => {
    const user = userEvent.setup();
    const styled: BoardBlock = {
      ...block,
      axis: [
        { column: 'Title', type: 'url' },
        { column: 'Room', use_markdown: true, column_width: 120 },
        { column: 'Photo', type: 'image' },
      ],
    };
    // The server answers the first event's cells with their markdown and conditional colours.
    const answer = (extra: Record<string, string>): BlockView => {
      const view = server(extra) as Extract<BlockView, { kind: 'calendar' }>;
      view.calendar.events = view.calendar.events.map((e) => ({
        ...e,
        record: { ...e.record, Title: 'https://fair.example', Photo: 'https://img.example/p.png' },
      }));
      return {
        kind: 'calendar',
        calendar: {
          ...view.calendar,
          styles: [{ row: 0, column: 'Room', background_color: '#fee2e2', text_color: '#991b1b' }],
          markdown: [{ row: 0, column: 'Room', html: '<strong>Blue</strong>' }],
        },
      };
    };
    render(<CalendarBlock block={viewBlockOf('calendar', styled)} source={fakeSource(answer)} />);
    await screen.findByRole('table');
    await user.click(within(cell('2026-11-02')).getByRole('button', { name: 'Planning, All day' }));
    const dialog = await screen.findByRole('dialog', { name: 'Planning' });
    expect(within(dialog).getByRole('link', { name: 'https://fair.example' })).toHaveAttribute('href', 'https://fair.example');
    const room = within(dialog).getByText('Blue');
    expect(room.tagName).toBe('STRONG');
    expect(room.closest('dd')).toHaveStyle({ backgroundColor: '#fee2e2', color: '#991b1b', maxWidth: '120px' });
    expect(within(dialog).getByRole('img', { name: 'Photo' })).toHaveAttribute('src', 'https://img.example/p.png');
  });

  it('shows every column of the record when the block lists none', async () => {
    const user = userEvent.setup();
    render(<CalendarBlock block={viewBlockOf('calendar', { ...block, axis: [] })} source={fakeSource(server)} />);
    await screen.findByRole('table');
    await user.click(within(cell('2026-11-02')).getByRole('button', { name: 'Planning, All day' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Secret')).toBeInTheDocument();
  });

  it('says how many rows had no start date', async () => {
    render(<CalendarBlock block={viewBlockOf('calendar', block)} source={fakeSource((extra) => server(extra, 2))} />);
    expect(await screen.findByText('2 rows have no start date and are not shown.')).toBeInTheDocument();
  });

  it("shows the block's error, and keeps the calendar when a later window fails", async () => {
    const user = userEvent.setup();
    render(<CalendarBlock block={viewBlockOf('calendar', block)} source={fakeSource(new Error('start_time_column `Start` does not exist in this sheet'))} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('start_time_column `Start` does not exist in this sheet');

    let fail = false;
    const flaky = fakeSource((extra) => {
      if (fail) throw new Error('Data Error');
      return server(extra);
    });
    render(<CalendarBlock block={viewBlockOf('calendar', block)} source={flaky} />);
    await screen.findByRole('heading', { name: 'November 2026' });
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByText('Data Error')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'November 2026' })).toBeInTheDocument();
  });
});
