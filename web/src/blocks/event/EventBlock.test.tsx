import { act, render, screen, within } from '@testing-library/react';
import { viewBlockOf } from '../../test/viewBlocks';
import { EventBlock } from './EventBlock';

// Noon on 1 March 2030, local time: the events below start on 5 March.
const NOW = new Date(2030, 2, 1, 12, 0, 0);

const EVENT = {
  event_title: 'Spring meetup',
  description: 'Talks in the morning.\nWorkshops after lunch.',
  Event_Type: 'Single day',
  start_date: '2030-03-05',
  start_time: '10:00',
  end_time: '17:00',
  date_format: 'DD MMM YYYY',
};

function renderEvent(settings: Record<string, unknown> = {}) {
  const block = viewBlockOf('event', { id: 'e1', ...EVENT, ...settings });
  return render(<EventBlock block={block} />);
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

const boxes = () => screen.getAllByText(/^(days|hours|minutes|seconds)$/).map((unit) => `${unit.previousSibling?.textContent} ${unit.textContent}`);

describe('the event block', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });

  afterEach(() => {
    act(() => setVisibility('visible'));
    vi.useRealTimers();
  });

  it('shows the title as a heading and keeps the description’s line breaks', () => {
    renderEvent();
    expect(screen.getByRole('heading', { name: 'Spring meetup' })).toBeInTheDocument();
    expect(screen.getByText(/Talks in the morning/)).toHaveTextContent('Talks in the morning.\nWorkshops after lunch.', { normalizeWhitespace: false });
  });

  it('asks for the title and dates when nothing is filled in yet', () => {
    renderEvent({ event_title: '', description: '', start_date: '' });
    expect(screen.getByText('Add the event’s title and dates in the block settings.')).toBeInTheDocument();
  });

  it('shows a single day as its date and its start and end times', () => {
    renderEvent();
    const date = screen.getByText('05 Mar 2030');
    expect(date.tagName).toBe('TIME');
    expect(date).toHaveAttribute('datetime', '2030-03-05');
    expect(screen.getByText('10:00 – 17:00')).toBeInTheDocument();
  });

  it('shows a multi-day event from its start to its end, ignoring end_date for a single day', () => {
    const { unmount } = renderEvent({ Event_Type: 'Multi day', end_date: '2030-03-07', date_format: 'DD/MM/YYYY' });
    expect(screen.getByText('05/03/2030 10:00')).toHaveAttribute('datetime', '2030-03-05T10:00');
    expect(screen.getByText('07/03/2030 17:00')).toHaveAttribute('datetime', '2030-03-07T17:00');
    expect(screen.getByText('05/03/2030 10:00').closest('li')).toHaveTextContent('05/03/2030 10:00 – 07/03/2030 17:00');
    unmount();

    renderEvent({ Event_Type: 'Single day', end_date: '2030-03-07', date_format: 'DD/MM/YYYY' });
    expect(screen.queryByText(/07\/03\/2030/)).not.toBeInTheDocument();
  });

  it.each([
    ['MM/DD/YYYY', '03/05/2030'],
    ['YYYY-MM-DD', '2030-03-05'],
    ['MMM DD, YYYY', 'Mar 05, 2030'],
    ['nonsense', '05 Mar 2030'],
  ])('writes dates in date_format %s', (format, expected) => {
    renderEvent({ date_format: format });
    expect(screen.getByText(expected)).toBeInTheDocument();
  });

  it('shows a date it cannot read as typed, without a countdown', () => {
    renderEvent({ start_date: 'early March', Countdown: true });
    expect(screen.getByText('early March')).not.toHaveAttribute('datetime');
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });

  it.each(['overlay', 'stacked', 'left-image', 'right-image'])('honours the style fields in the %s layout', (layout) => {
    const { container } = renderEvent({
      layout_type: layout,
      image: 'https://img.example/hall.jpg',
      event_title_color: '#aa0000',
      event_title_size: 'large',
      event_text_color: '#222222',
      event_date_color: '#0000aa',
      event_background_color: '#fffbe6',
    });
    const card = container.querySelector('article')!;
    expect(card).toHaveClass(`event-layout-${layout}`, 'event-filled');
    const variables = ['--event-title-color', '--event-title-size', '--event-text', '--event-date', '--event-background'].map((name) =>
      card.style.getPropertyValue(name),
    );
    expect(variables).toEqual(['#aa0000', '1.75rem', '#222222', '#0000aa', '#fffbe6']);
    const when = screen.getByText('05 Mar 2030').closest('li')!;
    expect(when).toHaveClass('event-detail-when');
    expect(screen.getByText('10:00 – 17:00').closest('li')).toHaveClass('event-detail-when');
  });

  it('leaves the card to the block colours when no style field is set', () => {
    const { container } = renderEvent();
    const card = container.querySelector('article')!;
    expect(card).not.toHaveClass('event-filled');
    expect(card.style.getPropertyValue('--event-title-color')).toBe('');
    expect(card.style.getPropertyValue('--event-title-size')).toBe('1.35rem');
  });

  it('marks the start day in a badge of the accent colour', () => {
    const { container } = renderEvent({ accent_color: '#fde047' });
    const badge = container.querySelector('.event-date-badge')!;
    expect(badge).toHaveTextContent('5Mar');
    const card = container.querySelector('.event-card') as HTMLElement;
    expect(card.style.getPropertyValue('--event-accent')).toBe('#fde047');
    // A light accent gets dark text on the badge.
    expect(card.style.getPropertyValue('--event-on-accent')).toBe('#000000');
  });

  describe('layouts', () => {
    it.each(['overlay', 'stacked', 'left-image', 'right-image'])('lays out %s', (layout) => {
      const { container } = renderEvent({ layout_type: layout, image: 'https://img.example/hall.jpg' });
      expect(container.querySelector('.event-card')).toHaveClass(`event-layout-${layout}`, 'event-has-image');
    });

    it('stacks an unknown or missing layout', () => {
      const { container } = renderEvent({ layout_type: 'carousel' });
      expect(container.querySelector('.event-card')).toHaveClass('event-layout-stacked');
      expect(container.querySelector('.event-card')).not.toHaveClass('event-has-image');
    });

    it('reserves the image’s box and loads it lazily', () => {
      const { container } = renderEvent({ image: '/api/uploads/abc-123' });
      const img = container.querySelector('img')!;
      expect(img).toHaveAttribute('src', '/api/uploads/abc-123');
      expect(img).toHaveAttribute('loading', 'lazy');
      expect(img).toHaveAttribute('decoding', 'async');
      // The title beside it says what it shows.
      expect(img).toHaveAttribute('alt', '');
    });

    it('drops an image address that is not a web address', () => {
      const { container } = renderEvent({ image: 'javascript:alert(1)' });
      expect(container.querySelector('img')).toBeNull();
    });
  });

  describe('location', () => {
    it('shows a physical address with its OpenStreetMap search', () => {
      renderEvent({ Location: 'Physical', address: '10 Downing St, London & more' });
      expect(screen.getByText(/10 Downing St, London & more/)).toBeInTheDocument();
      const map = screen.getByRole('link', { name: 'View on map' });
      expect(map).toHaveAttribute('href', 'https://www.openstreetmap.org/search?query=10%20Downing%20St%2C%20London%20%26%20more');
      expect(map).toHaveAttribute('target', '_blank');
      expect(map).toHaveAttribute('rel', 'noopener noreferrer');
    });

    it('links a webinar’s http(s) address', () => {
      renderEvent({ Location: 'Webinar', link: 'https://meet.example/spring', address: 'ignored' });
      expect(screen.getByRole('link', { name: 'Join the webinar' })).toHaveAttribute('href', 'https://meet.example/spring');
      expect(screen.queryByText('ignored')).not.toBeInTheDocument();
    });

    it('shows any other webinar address as text, never as a link', () => {
      renderEvent({ Location: 'Webinar', link: 'javascript:alert(1)' });
      expect(screen.getByText('javascript:alert(1)')).toBeInTheDocument();
      expect(screen.queryByRole('link')).not.toBeInTheDocument();
    });
  });

  describe('registration', () => {
    it("links the button, labelled Register in the board's accent by default", () => {
      renderEvent({ registration_button: true, registration_link: 'https://tickets.example/spring' });
      const button = screen.getByRole('link', { name: 'Register' });
      expect(button).toHaveAttribute('href', 'https://tickets.example/spring');
      expect(button).toHaveAttribute('rel', 'noopener noreferrer');
      expect(button).toHaveStyle({ backgroundColor: 'var(--accent)', color: 'var(--accent-text)' });
    });

    it('takes the button’s text and colour, with readable text on a light colour', () => {
      renderEvent({
        registration_button: 'true',
        registration_button_text: 'Get a seat',
        registration_button_color: '#fef08a',
        registration_link: 'https://tickets.example',
      });
      expect(screen.getByRole('link', { name: 'Get a seat' })).toHaveStyle({ backgroundColor: '#fef08a', color: '#000000' });
    });

    it('shows no button when it is off or its link is not http(s)', () => {
      const { unmount } = renderEvent({ registration_button: false, registration_link: 'https://tickets.example' });
      expect(screen.queryByText('Register')).not.toBeInTheDocument();
      unmount();
      renderEvent({ registration_button: true, registration_link: 'javascript:alert(1)' });
      expect(screen.queryByText('Register')).not.toBeInTheDocument();
    });

    it('says when registration closes, the deadline day included', () => {
      vi.setSystemTime(new Date(2030, 2, 3, 23, 59));
      renderEvent({ registration_deadline: '2030-03-03', registration_button: true, registration_link: 'https://tickets.example' });
      expect(screen.getByText('Registration closes 03 Mar 2030')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Register' })).toBeInTheDocument();
    });

    it('says registration is closed and disables the button after the deadline', () => {
      vi.setSystemTime(new Date(2030, 2, 4, 0, 0));
      renderEvent({ registration_deadline: '2030-03-03', registration_button: true, registration_link: 'https://tickets.example' });
      expect(screen.getByText('Registration closed')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Register' })).toBeDisabled();
      expect(screen.queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
    });

    it('closes while the page is open when the deadline passes', () => {
      vi.setSystemTime(new Date(2030, 2, 3, 23, 59, 30));
      renderEvent({ registration_deadline: '2030-03-03', registration_button: true, registration_link: 'https://tickets.example' });
      expect(screen.getByRole('link', { name: 'Register' })).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(60_000));
      expect(screen.getByText('Registration closed')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Register' })).toBeDisabled();
    });
  });

  describe('countdown', () => {
    it('counts down to the start in days, hours, minutes and seconds, every second', () => {
      renderEvent({ Countdown: true });
      expect(screen.getByRole('timer', { name: 'Time until the event starts' })).toBeInTheDocument();
      // From noon on 1 March to 10:00 on 5 March.
      expect(boxes()).toEqual(['03 days', '22 hours', '00 minutes', '00 seconds']);
      act(() => vi.advanceTimersByTime(1000));
      expect(boxes()).toEqual(['03 days', '21 hours', '59 minutes', '59 seconds']);
    });

    it('is off unless the setting is on', () => {
      renderEvent({ Countdown: false });
      expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    });

    it('stops while the tab is hidden and on unmount', () => {
      const { unmount } = renderEvent({ Countdown: true });
      act(() => setVisibility('hidden'));
      expect(vi.getTimerCount()).toBe(0);
      act(() => vi.advanceTimersByTime(5000));
      expect(boxes()).toContain('00 seconds');
      act(() => setVisibility('visible'));
      expect(boxes()).toContain('55 seconds');
      unmount();
      expect(vi.getTimerCount()).toBe(0);
    });

    it('keeps counting when the viewer asks for reduced motion', () => {
      vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} }));
      try {
        renderEvent({ Countdown: true });
        act(() => vi.advanceTimersByTime(2000));
        expect(boxes()).toContain('58 seconds');
      } finally {
        vi.unstubAllGlobals();
      }
    });

    it('says the event has started, then ended, and stops ticking', () => {
      vi.setSystemTime(new Date(2030, 2, 5, 9, 59, 59));
      renderEvent({ Countdown: true });
      expect(boxes()).toEqual(['00 days', '00 hours', '00 minutes', '01 seconds']);
      act(() => vi.advanceTimersByTime(1000));
      expect(screen.getByRole('status')).toHaveTextContent('The event has started');
      act(() => vi.advanceTimersByTime(7 * 3_600_000));
      expect(screen.getByRole('status')).toHaveTextContent('The event has ended');
      expect(vi.getTimerCount()).toBe(0);
    });

    it('keeps counting to the start when the end time is typed before the start time', () => {
      renderEvent({ Countdown: true, end_time: '09:00' });
      act(() => vi.advanceTimersByTime(1000));
      expect(boxes()).toContain('59 seconds');
    });

    it('ends a multi-day event at the end of its last day when it has no end time', () => {
      vi.setSystemTime(new Date(2030, 2, 7, 23, 0));
      const { unmount } = renderEvent({ Countdown: true, Event_Type: 'Multi day', end_date: '2030-03-07', end_time: '' });
      expect(screen.getByRole('status')).toHaveTextContent('The event has started');
      unmount();
      vi.setSystemTime(new Date(2030, 2, 8, 0, 0));
      renderEvent({ Countdown: true, Event_Type: 'Multi day', end_date: '2030-03-07', end_time: '' });
      expect(screen.getByRole('status')).toHaveTextContent('The event has ended');
    });
  });

  describe('contact and social icons', () => {
    it('links the contact e-mail', () => {
      renderEvent({ contact_email: 'hello@meetup.example' });
      expect(screen.getByRole('link', { name: 'Contact: hello@meetup.example' })).toHaveAttribute('href', 'mailto:hello@meetup.example');
    });

    it('shows an address a mailto link cannot carry as text', () => {
      renderEvent({ contact_email: 'hello@meetup.example?subject=x' });
      expect(screen.getByText('Contact: hello@meetup.example?subject=x')).toBeInTheDocument();
      expect(screen.queryByRole('link')).not.toBeInTheDocument();
    });

    it('links each icon with an http(s) url and shows the others without a link', () => {
      const { container } = renderEvent({
        socialIcons: [
          { iconType: 'text', icon: 'in', url: 'https://www.linkedin.com/company/x' },
          { iconType: 'image', icon: 'https://img.example/fb.png', url: 'javascript:alert(1)' },
          { iconType: 'text', icon: '', url: 'https://empty.example' },
          'junk',
        ],
      });
      const list = container.querySelector('.event-social') as HTMLElement;
      expect(within(list).getAllByRole('listitem')).toHaveLength(2);
      const link = within(list).getByRole('link', { name: 'linkedin.com' });
      expect(link).toHaveAttribute('href', 'https://www.linkedin.com/company/x');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(link).toHaveTextContent('in');
      expect(within(list).getAllByRole('link')).toHaveLength(1);
      expect(list.querySelector('img')).toHaveAttribute('src', 'https://img.example/fb.png');
    });
  });
});
