import { useCallback, useEffect, useState } from 'react';
import { listApps, listBoards, listWorkspaces } from './dashboardApi';
import type { AppRecord, BoardSummary, Workspace } from '../../generated/api';

export interface DashboardData {
  workspaces: Workspace[];
  boards: BoardSummary[];
  apps: AppRecord[];
}

/** The caller's workspaces, boards and apps, loaded together; `reload` after any change. */
export function useDashboardData() {
  const [data, setData] = useState<DashboardData | null>(null);
  const [failed, setFailed] = useState(false);

  const reload = useCallback(async () => {
    try {
      const [workspaces, boards, { apps }] = await Promise.all([listWorkspaces(), listBoards(), listApps()]);
      setData({ workspaces, boards, apps });
      setFailed(false);
    } catch {
      // The request layer has already told the user what went wrong.
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { data, failed, reload };
}
