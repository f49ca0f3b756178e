// Registration (blocks §3.16): the deadline ('Registration closes <date>', the whole day
// included) and the button to the registration page. Once the deadline has passed the note says so
// and the button stays in place, disabled, so the block keeps its shape.
import { buttonStyle } from '../frameStyle';
import { formatDate, instant } from './eventDates';
import type { EventCard } from './eventCard';
import { useNow } from './useNow';

/** A minute is close enough for a deadline that falls at midnight, and costs almost nothing. */
const DEADLINE_CHECK_MS = 60_000;

export function EventRegistration({ settings }: { settings: EventCard }) {
  const { deadline, registration } = settings;
  const closesAt = deadline ? instant(deadline, '', 'end') : null;
  // Without a deadline that parses there is nothing to watch: the clock never ticks.
  const now = useNow(DEADLINE_CHECK_MS, closesAt ?? -Infinity);
  const closed = closesAt !== null && now >= closesAt;
  if (!deadline && !registration) return null;
  const colours = registration ? buttonStyle(registration.colour, undefined) : undefined;
  return (
    <div className="event-registration">
      {deadline && <p className="event-deadline">{closed ? 'Registration closed' : `Registration closes ${formatDate(deadline, settings.dateFormat)}`}</p>}
      {registration &&
        (closed ? (
          <button type="button" className="event-register" style={colours} disabled>
            {registration.text}
          </button>
        ) : (
          // A button that leads nowhere is worse than none: without an http(s) link it is left out.
          registration.href && (
            <a className="event-register" href={registration.href} target="_blank" rel="noopener noreferrer" style={colours}>
              {registration.text}
            </a>
          )
        ))}
    </div>
  );
}
