import { absoluteTime, relativeTime } from './timeLabels';

/** A time as a `<time>` element: relative text to scan a list, the full date and time on hover. */
export function When({ at }: { at: number }) {
  return (
    <time dateTime={new Date(at * 1000).toISOString()} title={absoluteTime(at)}>
      {relativeTime(at)}
    </time>
  );
}
