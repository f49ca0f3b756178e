import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, type Location } from 'react-router';
import { App } from '../App';

export const ann = { id: 'u1', email: 'ann@example.com', name: 'Ann Lee', plan: { isFreePlan: true } };

/** Renders the whole app (or `ui`) at `path`; `where()` is the router's current address. */
export function renderApp(path: string, ui: ReactNode = <App />) {
  const user = userEvent.setup();
  let location: Location | null = null;
  function LocationProbe() {
    location = useLocation();
    return null;
  }
  render(
    <MemoryRouter initialEntries={[path]}>
      {ui}
      <LocationProbe />
    </MemoryRouter>,
  );
  const where = () => `${location?.pathname ?? ''}${location?.search ?? ''}`;
  return { user, where };
}
