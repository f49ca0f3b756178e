// Event block (blocks §3.16): an event's title, description, dates, place, countdown,
// registration, contact and social links, around its image in one of four layouts: overlay (the
// text on the image behind a dark scrim), stacked (the image above), left-image and right-image
// (side by side when the block is 640 px wide or more, stacked below). The block reads no rows.
import type { CSSProperties } from 'react';
import { textOn } from '../../core/colours';
import type { StandaloneBlockProps } from '../data/types';
import { FeatureIcon } from '../icons/FeatureIcon';
import { EventCountdown } from './EventCountdown';
import { EventDetails } from './EventDetails';
import { EventRegistration } from './EventRegistration';
import { MONTHS, parseDate } from './eventDates';
import { eventCard, type EventCard, type SocialIcon } from './eventCard';
import './event.css';

/** The start day as a calendar leaf; the details say the same in words, so readers skip it. */
function DateBadge({ date }: { date: string }) {
  const day = parseDate(date);
  if (!day) return null;
  return (
    <div className="event-date-badge" aria-hidden="true">
      <span className="event-date-badge-day">{day.day}</span>
      <span className="event-date-badge-month">{MONTHS[day.month - 1]}</span>
    </div>
  );
}

function SocialIcons({ icons }: { icons: SocialIcon[] }) {
  if (icons.length === 0) return null;
  return (
    <ul className="event-social">
      {icons.map((item, index) => {
        const icon = <FeatureIcon iconType={item.iconType} icon={item.icon} className="event-social-icon" />;
        return (
          <li key={index}>
            {item.href ? (
              // The icon draws no words; the site's name tells where the link goes.
              <a href={item.href} target="_blank" rel="noopener noreferrer" aria-label={new URL(item.href).hostname.replace(/^www\./, '')}>
                {icon}
              </a>
            ) : (
              icon
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** The card's CSS variables: the accent and the owner's style fields, each only when set. */
function cardStyle({ accent, style }: EventCard): CSSProperties {
  const variables: Record<string, string> = { '--event-title-size': style.titleSize };
  if (accent) Object.assign(variables, { '--event-accent': accent, '--event-on-accent': textOn(accent) });
  if (style.titleColour) variables['--event-title-color'] = style.titleColour;
  if (style.textColour) variables['--event-text'] = style.textColour;
  if (style.dateColour) variables['--event-date'] = style.dateColour;
  if (style.background) variables['--event-background'] = style.background;
  return variables as CSSProperties;
}

export function EventBlock({ block }: StandaloneBlockProps<'event'>) {
  const settings = eventCard(block);
  if (!settings.title && !settings.description && !settings.startDate) {
    return <p className="muted block-empty">Add the event’s title and dates in the block settings.</p>;
  }
  return (
    <div className="event-block">
      <article
        className={`event-card event-layout-${settings.layout}${settings.image ? ' event-has-image' : ''}${settings.style.background ? ' event-filled' : ''}`}
        style={cardStyle(settings)}
      >
        {settings.image && (
          <div className="event-media">
            <img src={settings.image} alt="" loading="lazy" decoding="async" />
          </div>
        )}
        <div className="event-body">
          <div className="event-head">
            <DateBadge date={settings.startDate} />
            {settings.title && <h3 className="event-title">{settings.title}</h3>}
          </div>
          {settings.description && <p className="event-description">{settings.description}</p>}
          <EventDetails settings={settings} />
          {settings.countdown && settings.startsAt !== null && <EventCountdown startsAt={settings.startsAt} endsAt={settings.endsAt} />}
          <EventRegistration settings={settings} />
          <SocialIcons icons={settings.socialIcons} />
        </div>
      </article>
    </div>
  );
}
