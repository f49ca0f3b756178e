import { usePreviewStore } from '../../store/previewStore';

/** spec §5: search is a comma-separated set of terms, matched by the core. */
export function SearchBox() {
  const search = usePreviewStore((s) => s.search);
  const setSearch = usePreviewStore((s) => s.setSearch);
  return (
    <label className="search">
      <span className="visually-hidden">Search</span>
      <input type="search" value={search} placeholder="Search rows (separate terms with commas)" onChange={(e) => setSearch(e.target.value)} />
    </label>
  );
}
