import { DashboardLayout } from '../../components/DashboardLayout';
import { AdminGate } from './adminAccess';
import { ADMIN_SECTIONS } from './adminSections';
import './admin.css';

/**
 * /admin_old: the older administration layout. Every section is on one page, stacked, with a
 * left-hand list of anchors to jump between them; the sections are the same components as /admin.
 */
export default function AdminOldPage() {
  return (
    <AdminGate>
      <DashboardLayout title="Administration">
        <div className="admin-old">
          <nav className="admin-old-nav" aria-label="Administration sections">
            <ul>
              {ADMIN_SECTIONS.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.label}</a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="admin-old-sections">
            {ADMIN_SECTIONS.map(({ id, label, Component }) => (
              <section key={id} id={id} className="card admin-old-section" aria-labelledby={`${id}-heading`}>
                <h2 id={`${id}-heading`}>{label}</h2>
                <Component />
              </section>
            ))}
          </div>
        </div>
      </DashboardLayout>
    </AdminGate>
  );
}
