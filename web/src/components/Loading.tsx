/** platform §2: the generic loading indicator, 'Loading...' unless told otherwise. */
export function Loading({ message = 'Loading...' }: { message?: string }) {
  return (
    <div className="loading" role="status">
      <span className="spinner" aria-hidden="true" />
      {message}
    </div>
  );
}
