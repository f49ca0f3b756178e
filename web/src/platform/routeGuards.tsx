// The guards a route of platform §2 may name (the "middleware" of platform §8), run before its
// screen shows. The route table names them as data, so a misspelt or removed guard is not a route
// that silently opens without its check: it is the 500 error screen 'Unknown middleware {name}'.
import type { ReactNode } from 'react';
import { ApiError } from '../api/errors';
import { RequireSession } from '../components/RequireSession';

const GUARDS = {
  /** A signed-in user; a guest is sent to log in and brought back after. */
  session: (screen: ReactNode) => <RequireSession>{screen}</RequireSession>,
} satisfies Record<string, (screen: ReactNode) => ReactNode>;

export type GuardName = keyof typeof GUARDS;

/** `children` behind the guards `names` lists, the first outermost. */
export function Guarded({ names, children }: { names: readonly string[]; children: ReactNode }): ReactNode {
  return names.reduceRight<ReactNode>((inner, name) => {
    if (!Object.hasOwn(GUARDS, name)) throw new ApiError(`Unknown middleware ${name}`, 500);
    return GUARDS[name as GuardName](inner);
  }, children);
}
