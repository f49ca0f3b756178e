import { useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { DashboardLayout } from '../../components/DashboardLayout';
import { AdminGate } from './adminAccess';
import { ADMIN_SECTIONS } from './adminSections';
import './admin.css';

const tabId = (id: string) => `admin-tab-${id}`;
const panelId = (id: string) => `admin-panel-${id}`;

/**
 * /admin: platform administration, one tab per kind of record. The open tab is in the address
 * (?tab=plans), so a reload or a shared link opens the same tab. Only the open tab loads.
 */
export default function AdminPage() {
  const [params, setParams] = useSearchParams();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const activeIndex = Math.max(
    0,
    ADMIN_SECTIONS.findIndex((s) => s.id === params.get('tab')),
  );
  const active = ADMIN_SECTIONS[activeIndex];

  const open = (index: number) => {
    setParams({ tab: ADMIN_SECTIONS[index].id }, { replace: true });
    tabs.current[index]?.focus();
  };

  // The WAI-ARIA tabs pattern: arrows move between tabs (and wrap), Home and End jump to the ends.
  const onKeyDown = (event: KeyboardEvent) => {
    const last = ADMIN_SECTIONS.length - 1;
    const target = { ArrowRight: activeIndex === last ? 0 : activeIndex + 1, ArrowLeft: activeIndex === 0 ? last : activeIndex - 1, Home: 0, End: last }[
      event.key
    ];
    if (target === undefined) return;
    event.preventDefault();
    open(target);
  };

  return (
    <AdminGate>
      <DashboardLayout title="Platform administration">
        <div role="tablist" aria-label="Administration" className="admin-tabs" onKeyDown={onKeyDown}>
          {ADMIN_SECTIONS.map((section, index) => (
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
              className="admin-tab"
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
    </AdminGate>
  );
}
