import { Link } from 'react-router';
import { PreviewPage } from '../preview/PreviewPage';
import './home.css';

const SIGN_UP = '/dashboard/signup';
const LOG_IN = '/dashboard/auth';

/** What a visitor can do with Tessera, each point a title and one sentence. */
const POINTS: ReadonlyArray<{ title: string; text: string }> = [
  {
    title: 'A board or a whole app',
    text: 'Build one page of blocks, or a multi-page app with navigation, a header and a footer. Tables, charts, calendars, forms, maps and 15 more blocks read your columns: no code.',
  },
  {
    title: 'Share it your way',
    text: 'Public or private in one switch. Invite people with Read or Read-Write access; everyone else is asked to log in.',
  },
  {
    title: 'Viewers filter and act on rows',
    text: 'Visitors search, filter and sort what they see; forms and row buttons let them add and edit rows.',
  },
  {
    title: 'Embed it or list it',
    text: 'Put a board on your own site with a line of code, or publish it to the Marketplace for others to start from.',
  },
];

/**
 * The product host's home page for visitors: what Tessera does, how to start, and the live sample
 * board to try before signing up.
 */
export function Landing() {
  return (
    <div className="home">
      <header className="topbar home-topbar">
        <span className="brand">Tessera</span>
        <nav className="home-nav" aria-label="Site">
          <Link className="home-nav-link" to="/marketplace">
            Marketplace
          </Link>
          <Link className="home-nav-link" to="/docs">
            Docs
          </Link>
          <Link className="button" to={LOG_IN}>
            Log in
          </Link>
          <Link className="button primary" to={SIGN_UP}>
            Sign up
          </Link>
        </nav>
      </header>
      <main>
        <section className="home-hero" aria-labelledby="home-title">
          <p className="home-eyebrow">From spreadsheet to web app</p>
          <h1 id="home-title">Turn a spreadsheet into a board or an app people can use</h1>
          <p className="home-lead">
            Connect a Google Sheet, a published CSV or an upload, pick blocks, and Tessera shows your rows as a page you can share, embed or publish as a
            template.
          </p>
          <div className="home-actions">
            <Link className="button primary home-cta" to={SIGN_UP}>
              Start free
            </Link>
            <a className="button home-cta" href="#demo">
              Try the sample sheet
            </a>
          </div>
        </section>
        <section className="home-points" aria-label="What Tessera does">
          <ul>
            {POINTS.map(({ title, text }) => (
              <li key={title}>
                <h2>{title}</h2>
                <p>{text}</p>
              </li>
            ))}
          </ul>
        </section>
        <section id="demo" className="home-demo" aria-labelledby="demo-title">
          <h2 id="demo-title">Try it on a sample sheet</h2>
          <p className="home-demo-lead">
            A live board over 60 rows of sample sales. Search it, add a filter or sort a column: your browser works out the rows and the chart with the same
            data core that runs every Tessera board.
          </p>
          <PreviewPage />
        </section>
        <section className="home-closing" aria-labelledby="closing-title">
          <h2 id="closing-title">Ready to use your own sheet?</h2>
          <p>Sign up, connect a spreadsheet and have your first board in a few minutes.</p>
          <Link className="button primary home-cta" to={SIGN_UP}>
            Start free
          </Link>
        </section>
      </main>
      <footer className="home-footer">
        <span>Tessera</span>
        <nav aria-label="More">
          <Link to="/docs">Docs</Link>
          <Link to="/marketplace">Marketplace</Link>
        </nav>
      </footer>
    </div>
  );
}
