import { Link, useSearchParams } from 'react-router';

/** The address of the Boards or Apps tab narrowed to one workspace (the Workspaces tab links there). */
export function workspaceTabHref(tab: string, workspaceId: string): string {
  return `/admin?${new URLSearchParams({ tab, workspace: workspaceId })}`;
}

/** The workspace the address narrows the owner's Boards or Apps tab to; '' for all of them. */
export function useWorkspaceParam(): string {
  const [params] = useSearchParams();
  return params.get('workspace') ?? '';
}

/**
 * Says which workspace a narrowed list shows, with the way back to the whole list. `name` is null
 * when none of the owner's workspaces has the id, undefined while the list loads.
 */
export function WorkspaceFilterNote({ tab, noun, name }: { tab: string; noun: string; name: string | null | undefined }) {
  if (name === undefined) return null;
  return (
    <p className="admin-filter-note" role="status">
      {name ? (
        <>
          Only the {noun} of the workspace <strong>{name}</strong>.
        </>
      ) : (
        <>None of your workspaces has this id, so no {noun} are shown.</>
      )}{' '}
      <Link to={`/admin?tab=${tab}`}>Show all {noun}</Link>
    </p>
  );
}
