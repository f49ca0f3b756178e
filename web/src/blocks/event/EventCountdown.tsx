// The live countdown to the event's start (blocks §3.16 Countdown): days, hours, minutes and
// seconds in four equal boxes whose width comes from the layout, never from the digits, and a
// box of the same height for the message once the event has started or ended, so the block never
// moves while it counts.
import { useNow } from './useNow';

const SECOND = 1000;
const UNITS = [
  ['days', 86_400],
  ['hours', 3_600],
  ['minutes', 60],
  ['seconds', 1],
] as const;

export type CountdownParts = Record<(typeof UNITS)[number][0], number>;

/** `ms` left, split into whole days, hours, minutes and seconds (never negative). */
export function countdownParts(ms: number): CountdownParts {
  let left = Math.max(0, Math.floor(ms / SECOND));
  const parts = {} as CountdownParts;
  for (const [unit, seconds] of UNITS) {
    parts[unit] = Math.floor(left / seconds);
    left %= seconds;
  }
  return parts;
}

export function EventCountdown({ startsAt, endsAt }: { startsAt: number; endsAt: number | null }) {
  // After the end (or the start of an event without one) nothing changes any more; an end typed
  // before the start must not stop the count to the start.
  const now = useNow(SECOND, Math.max(startsAt, endsAt ?? startsAt));
  if (now >= startsAt) {
    const message = endsAt !== null && now >= endsAt ? 'The event has ended' : 'The event has started';
    return (
      <p className="event-countdown event-countdown-message" role="status">
        {message}
      </p>
    );
  }
  const parts = countdownParts(startsAt - now);
  return (
    <div className="event-countdown" role="timer" aria-label="Time until the event starts">
      {UNITS.map(([unit]) => (
        <div key={unit} className="event-countdown-box">
          <span className="event-countdown-value">{String(parts[unit]).padStart(2, '0')}</span>
          <span className="event-countdown-unit">{unit}</span>
        </div>
      ))}
    </div>
  );
}
