// A marker's popup as DOM nodes (title, description, image). Sheet values only ever become
// text nodes or an http(s) src, never HTML, so a cell cannot inject markup into the map.
import type { MapMarker } from './markers';

export function popupContent(marker: MapMarker, doc: Document = document): HTMLElement {
  const root = doc.createElement('div');
  root.className = 'map-block-popup';
  if (marker.image) {
    const image = doc.createElement('img');
    image.className = 'map-block-popup-image';
    image.src = marker.image;
    image.alt = marker.title;
    image.loading = 'lazy';
    image.width = 200;
    image.height = 120;
    root.append(image);
  }
  const title = doc.createElement('strong');
  title.className = 'map-block-popup-title';
  title.textContent = marker.title || marker.address;
  root.append(title);
  if (marker.description) {
    const description = doc.createElement('p');
    description.className = 'map-block-popup-description';
    description.textContent = marker.description;
    root.append(description);
  }
  return root;
}

/** The tile layer's attribution (HTML Leaflet shows): OpenStreetMap's credit for its tiles, else the tile host as text. */
export function tileAttribution(tilesUrl: string): string {
  let host: string;
  try {
    host = new URL(tilesUrl.replace(/\{[a-z]\}/gi, 'a')).hostname;
  } catch {
    host = '';
  }
  if (host === 'openstreetmap.org' || host.endsWith('.openstreetmap.org')) {
    return '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
  }
  const escaped = host.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return escaped ? `Map tiles: ${escaped}` : '';
}
