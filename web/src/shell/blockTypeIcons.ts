// The picker's icon for each icon name of the block catalogue (PickerEntry.icon in
// crates/tessera-blocks): the catalogue names the icon, the web app draws it. Each icon is
// imported by itself so only these twenty reach the editor's bundle.
import type { IconDefinition } from '@fortawesome/fontawesome-common-types';
import {
  faAlignLeft,
  faCalendarCheck,
  faCalendarDays,
  faChartColumn,
  faClipboardList,
  faCode,
  faGauge,
  faIdCard,
  faImages,
  faLayerGroup,
  faList,
  faMapLocationDot,
  faPanorama,
  faRectangleList,
  faShapes,
  faTable,
  faTableCells,
  faTableCellsLarge,
  faWindowMaximize,
  faWindowMinimize,
} from '@fortawesome/free-solid-svg-icons';

export const blockTypeIcons: Readonly<Partial<Record<string, IconDefinition>>> = {
  chart: faChartColumn,
  list: faList,
  images: faImages,
  table: faTable,
  calendar: faCalendarDays,
  form: faClipboardList,
  event: faCalendarCheck,
  features: faShapes,
  datalist: faRectangleList,
  'image-grid': faTableCellsLarge,
  banner: faPanorama,
  footer: faWindowMinimize,
  accordion: faLayerGroup,
  header: faWindowMaximize,
  details: faIdCard,
  grid: faTableCells,
  markdown: faAlignLeft,
  iframe: faCode,
  scorecard: faGauge,
  map: faMapLocationDot,
};
