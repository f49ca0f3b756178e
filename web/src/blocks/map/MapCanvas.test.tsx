// Leaflet in jsdom: no layout and no tiles, but its DOM (markers, popups, attribution) is real.
import { fireEvent, render } from '@testing-library/react';
import { MapCanvas } from './MapCanvas';
import type { MapMarker } from './markers';

const MARKERS: MapMarker[] = [
  { position: [48.85, 2.35], title: 'Paris <b>HQ</b>', description: 'Main office', image: 'https://img.example/p.png', address: 'Paris' },
  { position: [51.5, -0.12], title: '', description: '', image: null, address: 'London' },
];

describe('the Leaflet map canvas', () => {
  it('draws a marker per row with its popup built from text, and credits the tiles', () => {
    const { container, rerender, unmount } = render(
      <MapCanvas markers={MARKERS} tilesUrl="https://tile.openstreetmap.org/{z}/{x}/{y}.png" label="Map: Offices" />,
    );
    const icons = container.querySelectorAll<HTMLElement>('.leaflet-marker-icon');
    expect(icons).toHaveLength(2);
    expect(icons[0]).toHaveAttribute('title', 'Paris <b>HQ</b>');
    expect(icons[1]).toHaveAttribute('title', 'London');
    // The bundled icon, not one guessed from Leaflet's CSS.
    expect(icons[0].getAttribute('src')).toMatch(/marker-icon/);
    expect(container.querySelector('.leaflet-control-attribution')!.textContent).toMatch(/OpenStreetMap/);

    fireEvent.click(icons[0]);
    const popup = container.querySelector('.map-block-popup')!;
    expect(popup.querySelector('.map-block-popup-title')!.textContent).toBe('Paris <b>HQ</b>');
    expect(popup.querySelector('b')).toBeNull();

    rerender(<MapCanvas markers={MARKERS.slice(1)} tilesUrl="https://tile.openstreetmap.org/{z}/{x}/{y}.png" label="Map: Offices" />);
    expect(container.querySelectorAll('.leaflet-marker-icon')).toHaveLength(1);
    unmount();
  });
});
