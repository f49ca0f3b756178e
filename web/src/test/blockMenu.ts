// Opening a block's "⋯" menu (blocks/pdf/BlockMenu.tsx) in a test, as a viewer does, for its
// exports (Download CSV, Download PDF).
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Opens the block's menu and answers its item `name`. */
export async function blockMenuItem(user: UserEvent, name: string | RegExp): Promise<HTMLElement> {
  await user.click(screen.getByRole('button', { name: /^More actions: / }));
  return screen.getByRole('menuitem', { name });
}
