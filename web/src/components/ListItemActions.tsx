/** `list` with the item at `index` swapped with its neighbour `by` places away. */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const next = [...list];
  [next[index], next[index + by]] = [next[index + by], next[index]];
  return next;
}

/**
 * The up, down and remove buttons of one item of an editable list (sections, palette colours,
 * filters), each named after the item so a screen reader says which one moves.
 */
export function ListItemActions({
  name,
  index,
  count,
  onMove,
  onRemove,
}: {
  name: string;
  index: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  return (
    <span className="list-item-actions">
      <button type="button" className="button small" aria-label={`Move ${name} up`} disabled={index === 0} onClick={() => onMove(-1)}>
        ↑
      </button>
      <button type="button" className="button small" aria-label={`Move ${name} down`} disabled={index === count - 1} onClick={() => onMove(1)}>
        ↓
      </button>
      <button type="button" className="button small danger" aria-label={`Remove ${name}`} onClick={onRemove}>
        Remove
      </button>
    </span>
  );
}
