import { DashboardLayout } from '../../components/DashboardLayout';
import { useIsAdmin } from './adminAccess';
import { adminSections } from './adminSections';
import './admin.css';

/**
 * /admin_old: the older administration layout. Every section is on one page, stacked, with a
 * left-hand list of anchors to jump between them; the sections are the same components as /admin,
 * so an owner gets their own and a platform administrator the platform's too.
 */
export default function AdminOldPage() {
  const sections = adminSections(useIsAdmin());
  return (
    <DashboardLayout title="Administration">
      <div className="admin-old">
        <nav className="admin-old-nav" aria-label="Administration sections">
          <ul>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="admin-old-sections">
          {sections.map(({ id, label, Component }) => (
            <section key={id} id={id} className="card admin-old-section" aria-labelledby={`${id}-heading`}>
              <h2 id={`${id}-heading`}>{label}</h2>
              <Component />
            </section>
          ))}
        </div>
      </div>
    </DashboardLayout>
  );
}
