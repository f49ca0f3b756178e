// The Learn More button of ImageGrid and imageAccordian (blocks §3.17). A link that is missing or
// not http(s) leaves the text as a plain label rather than a button that goes nowhere or runs
// script.
import { learnMore } from './features';

export function LearnMore({ text, link }: { text: string | undefined; link: string | undefined }) {
  const button = learnMore(text, link);
  if (!button) return null;
  return (
    <div className="feature-learn-more">
      {button.href ? (
        <a className="feature-learn-more-button" href={button.href} target="_blank" rel="noopener noreferrer">
          {button.text}
        </a>
      ) : (
        <span className="feature-learn-more-label">{button.text}</span>
      )}
    </div>
  );
}
