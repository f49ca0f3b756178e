import { useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { DashboardLayout } from '../../components/DashboardLayout';
import { useIsAdmin } from './adminAccess';
import { adminSections } from './adminSections';
import './admin.css';

const tabId = (id: string) => `admin-tab-${id}`;
const panelId = (id: string) => `admin-panel-${id}`;

/**
 * /admin, for every owner: their own workspaces, boards, apps and app users, one tab each; a
 * platform administrator also gets the platform's tabs after them. The open tab is in the address
 * (?tab=boards), so a reload or a shared link opens the same tab. Only the open tab loads.
 */
export default function AdminPage() {
  const isAdmin = useIsAdmin();
  const sections = adminSections(isAdmin);
  const [params, setParams] = useSearchParams();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  // A tab this user does not get (a platform tab's link opened by an owner) opens the first one.
  const activeIndex = Math.max(
    0,
    sections.findIndex((s) => s.id === params.get('tab')),
  );
  const active = sections[activeIndex];

  const open = (index: number) => {
    setParams({ tab: sections[index].id }, { replace: true });
    tabs.current[index]?.focus();
  };

  // The WAI-ARIA tabs pattern: arrows move between tabs (and wrap), Home and End jump to the ends.
  const onKeyDown = (event: KeyboardEvent) => {
    const last = sections.length - 1;
    const target = { ArrowRight: activeIndex === last ? 0 : activeIndex + 1, ArrowLeft: activeIndex === 0 ? last : activeIndex - 1, Home: 0, End: last }[
      event.key
    ];
    if (target === undefined) return;
    event.preventDefault();
    open(target);
  };

  return (
    <DashboardLayout title="Administration">
      <p className="muted admin-intro">
        {isAdmin
          ? 'Your own workspaces, boards, apps and the people you invited; then, as a platform administrator, every account, workspace, board and app, the plans and the redemption codes.'
          : 'Your workspaces, boards and apps, and the people you invited to your apps.'}
      </p>
      <div role="tablist" aria-label="Administration" className="admin-tabs" onKeyDown={onKeyDown}>
        {sections.map((section, index) => (
          <button
            key={section.id}
            ref={(el) => {
              tabs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={tabId(section.id)}
            aria-selected={index === activeIndex}
            aria-controls={panelId(section.id)}
            tabIndex={index === activeIndex ? 0 : -1}
            // The first platform tab starts a group of its own, set apart by a rule.
            className={section.platform && !sections[index - 1]?.platform ? 'admin-tab admin-tab-platform' : 'admin-tab'}
            onClick={() => open(index)}
          >
            {section.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId(active.id)} aria-labelledby={tabId(active.id)} className="card admin-panel" tabIndex={0}>
        <active.Component key={active.id} />
      </div>
    </DashboardLayout>
  );
}
