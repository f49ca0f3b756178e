import type { ComponentType } from 'react';
import { AppsTab } from './AppsTab';
import { BoardsTab } from './BoardsTab';
import { CodesTab } from './CodesTab';
import { PlansTab } from './PlansTab';
import { UsersTab } from './UsersTab';
import { WorkspacesTab } from './WorkspacesTab';

export interface AdminSection {
  /** The `tab` query value on /admin and the anchor on /admin_old. */
  id: string;
  label: string;
  Component: ComponentType;
}

/** The parts of the administration screen, in order; both layouts show these same components. */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { id: 'users', label: 'Users', Component: UsersTab },
  { id: 'workspaces', label: 'Workspaces', Component: WorkspacesTab },
  { id: 'boards', label: 'Boards', Component: BoardsTab },
  { id: 'apps', label: 'Apps', Component: AppsTab },
  { id: 'plans', label: 'Plans', Component: PlansTab },
  { id: 'codes', label: 'Redemption codes', Component: CodesTab },
];
