import type { ComponentType } from 'react';
import { AppsTab } from './AppsTab';
import { BoardsTab } from './BoardsTab';
import { CodesTab } from './CodesTab';
import { OwnAppsTab } from './OwnAppsTab';
import { OwnAppUsersTab } from './OwnAppUsersTab';
import { OwnBoardsTab } from './OwnBoardsTab';
import { OwnWorkspacesTab } from './OwnWorkspacesTab';
import { PlansTab } from './PlansTab';
import { UsersTab } from './UsersTab';
import { WorkspacesTab } from './WorkspacesTab';

export interface AdminSection {
  /** The `tab` query value on /admin and the anchor on /admin_old. */
  id: string;
  label: string;
  Component: ComponentType;
  /** Only platform administrators see it (and only they may make its calls). */
  platform: boolean;
}

/** What every owner administers: their own records, through the calls the dashboard makes. */
const OWNER_SECTIONS: readonly AdminSection[] = [
  { id: 'workspaces', label: 'Workspaces', Component: OwnWorkspacesTab, platform: false },
  { id: 'boards', label: 'Boards', Component: OwnBoardsTab, platform: false },
  { id: 'apps', label: 'Apps', Component: OwnAppsTab, platform: false },
  { id: 'app-users', label: 'App users', Component: OwnAppUsersTab, platform: false },
];

/** The platform's records, every owner's: the admin API, for platform administrators. */
const PLATFORM_SECTIONS: readonly AdminSection[] = [
  { id: 'all-users', label: 'All accounts', Component: UsersTab, platform: true },
  { id: 'all-workspaces', label: 'All workspaces', Component: WorkspacesTab, platform: true },
  { id: 'all-boards', label: 'All boards', Component: BoardsTab, platform: true },
  { id: 'all-apps', label: 'All apps', Component: AppsTab, platform: true },
  { id: 'plans', label: 'Plans', Component: PlansTab, platform: true },
  { id: 'codes', label: 'Redemption codes', Component: CodesTab, platform: true },
];

const ADMIN_SECTIONS: readonly AdminSection[] = [...OWNER_SECTIONS, ...PLATFORM_SECTIONS];

/** The parts of the administration screen, in order; both layouts show these same components. */
export function adminSections(isAdmin: boolean): readonly AdminSection[] {
  return isAdmin ? ADMIN_SECTIONS : OWNER_SECTIONS;
}
