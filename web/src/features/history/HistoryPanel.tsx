import { useId, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Popup } from '../../components/Popup';
import { TabList, tabPanelProps } from '../board/TabList';
import type { ActivityScope } from './historyApi';
import { ActivityLog } from './ActivityLog';
import './history.css';

const VERSIONS = 'Versions';
const ACTIVITY = 'Row activity';

export interface HistoryPanelProps {
  /** The Versions tab. */
  versions: ReactNode;
  /** Whose row writes the Row activity tab lists; without it the panel has only versions. */
  activity?: ActivityScope;
  /** After a row came back or was reverted from the Row activity tab: the page showing the rows loads them again. */
  onActivityChanged?: () => void;
  onClose: () => void;
}

/**
 * The editor's History: the saved versions and, for a board, the rows written through its
 * blocks. Drawn at the end of the page, as every dialog is, so no top bar's styles can clip it.
 */
export function HistoryPanel({ versions, activity, onActivityChanged, onClose }: HistoryPanelProps) {
  const idPrefix = useId();
  const tabs = activity ? [VERSIONS, ACTIVITY] : [VERSIONS];
  const [active, setActive] = useState(VERSIONS);
  return createPortal(
    <div className="history-dialog">
      <Popup title="History" onClose={onClose} maxWidth={1100}>
        {tabs.length > 1 && <TabList label="History" tabs={tabs} active={active} onSelect={setActive} idPrefix={idPrefix} className="history-tabs" />}
        <div {...(tabs.length > 1 ? tabPanelProps(idPrefix, tabs, active) : {})}>
          {/* Versions stay mounted behind the activity, so coming back keeps the version being previewed. */}
          <div hidden={active !== VERSIONS}>{versions}</div>
          {active === ACTIVITY && activity && <ActivityLog scope={activity} onChanged={onActivityChanged} />}
        </div>
      </Popup>
    </div>,
    document.body,
  );
}

/** The top bar's History button with its panel; `panel` is drawn while it is open. */
export function HistoryButton({ panel }: { panel: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
        History
      </button>
      {open && panel(() => setOpen(false))}
    </>
  );
}
