import { useId, useState } from 'react';
import type { SpreadsheetView } from '../../generated/api';
import { TabList, tabPanelProps } from '../board/TabList';
import { ActivityLog } from './ActivityLog';
import { KeptImports } from './KeptImports';
import './history.css';

const ACTIVITY = 'Activity';
const KEPT = 'Kept imports';

/**
 * The grid page's history: the rows written through Tessera and, for an upload, the earlier files
 * an upload replaced. `onChanged` loads the rows again after a revert or a restore.
 */
export function SpreadsheetHistory({ spreadsheet, onChanged }: { spreadsheet: SpreadsheetView; onChanged: () => void }) {
  const idPrefix = useId();
  // Only an upload is ever replaced by a file; a linked spreadsheet's rows come from its link.
  const tabs = spreadsheet.kind === 'upload' ? [ACTIVITY, KEPT] : [ACTIVITY];
  const [active, setActive] = useState(ACTIVITY);
  return (
    <section className="card form spreadsheet-history" aria-labelledby={`${idPrefix}-heading`}>
      <h2 id={`${idPrefix}-heading`}>History</h2>
      <TabList label="History" tabs={tabs} active={active} onSelect={setActive} idPrefix={idPrefix} className="history-tabs" />
      <div {...tabPanelProps(idPrefix, tabs, active)}>
        {active === KEPT ? (
          <KeptImports spreadsheetId={spreadsheet.id} onRestored={onChanged} />
        ) : (
          <ActivityLog scope={{ kind: 'spreadsheets', id: spreadsheet.id }} onChanged={onChanged} />
        )}
      </div>
    </section>
  );
}
