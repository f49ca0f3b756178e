// Map block (blocks §3.10): each row a marker at its address, with a popup of its title,
// description and image. A 'lat, lng' address is placed as it is; other addresses are geocoded
// in the browser (see geocoder.ts) and kept, so a board's visitors ask the provider once per
// address. An address that cannot be placed is counted under the map; the others still show.
import { useEffect, useMemo, useState } from 'react';
import { runtimeConfig } from '../../config/runtime';
import type { MapSettings } from '../../generated/blockConfigs';
import { Loading } from '../../components/Loading';
import { BlockLoadState, NoRows } from '../data/BlockLoadState';
import { useBlockRows } from '../data/hooks';
import type { BlockRows, DataBlockProps } from '../data/types';
import { createGeocoder } from './geocoder';
import { MapCanvas } from './MapCanvas';
import { computeMarkers, type Geocode, type MapColumns, type PlacedMarkers } from './markers';
import { firstPageSize } from '../capabilities';
import './map.css';

/**
 * Rows a map asks for. Every marker is a DOM node and every new address a geocoding request, so
 * a map shows at most this many rows and says so when the sheet has more.
 */
export const MAX_MARKERS = firstPageSize('map');

/** An optional column setting, trimmed; '' when unset. */
const text = (value: string | undefined) => value?.trim() ?? '';

/** The block's four columns; null while no address column is chosen (nothing can be placed). */
export function mapColumns(config: MapSettings): MapColumns | null {
  const address = text(config.address_column);
  if (!address) return null;
  return { address, title: text(config.title_column), description: text(config.description_column), image: text(config.image_column) };
}

export function unplacedNote(count: number): string {
  return count === 1 ? '1 address could not be placed' : `${count} addresses could not be placed`;
}

type Placing = { status: 'placing' } | ({ status: 'placed' } & PlacedMarkers);

function usePlacedMarkers(answer: BlockRows, columns: MapColumns, geocode: Geocode): Placing {
  const [placing, setPlacing] = useState<{ for: BlockRows; result: Placing }>({ for: answer, result: { status: 'placing' } });
  const columnsKey = JSON.stringify(columns);
  useEffect(() => {
    const abort = new AbortController();
    setPlacing({ for: answer, result: { status: 'placing' } });
    computeMarkers(answer.rows, columns, geocode, { signal: abort.signal }).then((placed) => {
      if (!abort.signal.aborted) setPlacing({ for: answer, result: { status: 'placed', ...placed } });
    });
    return () => abort.abort();
    // columnsKey names the columns; the geocoder is made once per block.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- chosen on purpose, see above
  }, [answer, columnsKey, geocode]);
  return placing.for === answer ? placing.result : { status: 'placing' };
}

function PlacedMap({ answer, columns, label }: { answer: BlockRows; columns: MapColumns; label: string }) {
  const { geocoderUrl, mapTilesUrl } = runtimeConfig();
  const geocode = useMemo(() => createGeocoder({ baseUrl: geocoderUrl }), [geocoderUrl]);
  const placing = usePlacedMarkers(answer, columns, geocode);
  if (placing.status === 'placing') return <Loading message="Placing addresses..." />;
  return (
    <>
      <MapCanvas markers={placing.markers} tilesUrl={mapTilesUrl} label={label} />
      <div className="map-block-notes">
        {placing.unplaced > 0 && (
          <p className="map-block-note" role="status">
            {unplacedNote(placing.unplaced)}
          </p>
        )}
        {answer.total > answer.rows.length && <p className="map-block-note muted">{`Showing the first ${answer.rows.length} of ${answer.total} rows`}</p>}
      </div>
    </>
  );
}

function MapRows({ block, source, columns }: DataBlockProps<'map'> & { columns: MapColumns }) {
  const { load } = useBlockRows(block, source, { page: 1, rowsPerPage: MAX_MARKERS });
  return (
    <BlockLoadState load={load}>
      {(answer) =>
        answer.rows.length === 0 ? (
          <NoRows narrowed={source.narrowed} />
        ) : (
          <PlacedMap answer={answer} columns={columns} label={block.title ? `Map: ${block.title}` : 'Map'} />
        )
      }
    </BlockLoadState>
  );
}

export function MapBlock({ block, source }: DataBlockProps<'map'>) {
  const columns = mapColumns(block);
  if (!columns) return <p className="muted block-empty">Choose the address column in the block’s settings to place its rows on the map.</p>;
  return (
    <div className="map-block">
      <MapRows block={block} source={source} columns={columns} />
    </div>
  );
}
