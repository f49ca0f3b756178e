// The event's facts as icon rows (blocks §3.16): when, where (an address with its map search, or
// the webinar's link) and whom to write to.
import type { ReactNode } from 'react';
import type { IconDefinition } from '@fortawesome/fontawesome-common-types';
import { faCalendar, faClock, faEnvelope, faLocationDot, faVideo } from '@fortawesome/free-solid-svg-icons';
import { FaIcon } from '../icons/FaIcon';
import { formatDate, formatTime, machineDateTime } from './eventDates';
import { mailtoHref, mapSearchHref } from '../urls';
import type { EventCard, EventLocation } from './eventCard';

/** A row of facts; `when` marks the dates and times, which take the block's date colour. */
function Row({ icon, when = false, children }: { icon: IconDefinition; when?: boolean; children: ReactNode }) {
  return (
    <li className={when ? 'event-detail event-detail-when' : 'event-detail'}>
      <FaIcon icon={icon} className="event-detail-icon" />
      <span className="event-detail-text">{children}</span>
    </li>
  );
}

function External({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** A date with its time, if any, in the block's date format. */
function Moment({ date, time, settings }: { date: string; time: string; settings: EventCard }) {
  const label = [formatDate(date, settings.dateFormat), time && formatTime(time)].filter(Boolean).join(' ');
  return <time dateTime={machineDateTime(date, time)}>{label}</time>;
}

/** A single day: its date, then its start and end times. A multi-day event: from when to when. */
function When({ settings }: { settings: EventCard }) {
  const { startDate, startTime, endDate, endTime } = settings;
  if (settings.multiDay) {
    if (!startDate && !endDate) return null;
    return (
      <Row icon={faCalendar} when>
        {startDate && <Moment date={startDate} time={startTime} settings={settings} />}
        {startDate && endDate && ' – '}
        {endDate && <Moment date={endDate} time={endTime} settings={settings} />}
      </Row>
    );
  }
  const times = [startTime, endTime].filter(Boolean).map(formatTime).join(' – ');
  return (
    <>
      {startDate && (
        <Row icon={faCalendar} when>
          <Moment date={startDate} time="" settings={settings} />
        </Row>
      )}
      {times && (
        <Row icon={faClock} when>
          {times}
        </Row>
      )}
    </>
  );
}

function Where({ location }: { location: EventLocation }) {
  if (location.kind === 'physical') {
    return (
      <Row icon={faLocationDot}>
        {location.address} <External href={mapSearchHref(location.address)}>View on map</External>
      </Row>
    );
  }
  return <Row icon={faVideo}>{location.href ? <External href={location.href}>Join the webinar</External> : location.text}</Row>;
}

function Contact({ email }: { email: string }) {
  const href = mailtoHref(email);
  const label = `Contact: ${email}`;
  return <Row icon={faEnvelope}>{href ? <a href={href}>{label}</a> : label}</Row>;
}

export function EventDetails({ settings }: { settings: EventCard }) {
  return (
    <ul className="event-details">
      <When settings={settings} />
      {settings.location && <Where location={settings.location} />}
      {settings.email && <Contact email={settings.email} />}
    </ul>
  );
}
