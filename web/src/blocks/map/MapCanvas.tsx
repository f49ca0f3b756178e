// The Leaflet map of a map block: tiles from the configured source, one marker per placed row
// with its popup, the view fitted to the markers. Leaflet, its CSS and its marker images are
// bundled into the map block's lazy chunk (no CDN); everything else about the map block is
// testable without it.
import * as L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { useEffect, useRef } from 'react';
import type { MapMarker } from './markers';
import { popupContent, tileAttribution } from './popup';

/** Leaflet's own marker, with image addresses the bundler knows (its CSS-based guess breaks in bundles). */
const ICON = L.icon({
  iconUrl,
  iconRetinaUrl,
  shadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  tooltipAnchor: [16, -28],
  shadowSize: [41, 41],
});

/** The view without markers: the whole world. */
const WORLD: L.LatLngExpression = [20, 0];

export interface MapCanvasProps {
  markers: MapMarker[];
  /** A Leaflet tile URL template. */
  tilesUrl: string;
  /** The map region's accessible name. */
  label: string;
}

export function MapCanvas({ markers, tilesUrl, label }: MapCanvasProps) {
  const host = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);

  useEffect(() => {
    if (!host.current) return;
    // Scrolling the board must not zoom the map; a click on the map hands the wheel to it.
    const created = L.map(host.current, { scrollWheelZoom: false, worldCopyJump: true }).setView(WORLD, 2);
    created.once('focus', () => created.scrollWheelZoom.enable());
    L.tileLayer(tilesUrl, { attribution: tileAttribution(tilesUrl), maxZoom: 19 }).addTo(created);
    map.current = created;
    layer.current = L.layerGroup().addTo(created);
    // The block may get its size after the map is made (a lazy board grid, a tab shown later).
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => created.invalidateSize());
    observer?.observe(host.current);
    return () => {
      observer?.disconnect();
      created.remove();
      map.current = null;
      layer.current = null;
    };
  }, [tilesUrl]);

  useEffect(() => {
    const group = layer.current;
    const current = map.current;
    if (!group || !current) return;
    group.clearLayers();
    for (const marker of markers) {
      L.marker(marker.position, { icon: ICON, title: marker.title || marker.address, alt: marker.title || marker.address })
        .bindPopup(() => popupContent(marker), { maxWidth: 240 })
        .addTo(group);
    }
    if (markers.length === 1) current.setView(markers[0].position, 13);
    else if (markers.length > 1) current.fitBounds(L.latLngBounds(markers.map((marker) => marker.position)), { padding: [24, 24], maxZoom: 15 });
    else current.setView(WORLD, 2);
  }, [markers, tilesUrl]);

  return <div ref={host} className="map-block-canvas" role="region" aria-label={label} />;
}
