import { useRef, type CSSProperties, type KeyboardEvent } from 'react';

export interface TabListProps {
  /** The accessible name of the tab list. */
  label: string;
  tabs: readonly string[];
  active: string;
  onSelect: (tab: string) => void;
  /** Makes the tab and panel ids; unique on the page. */
  idPrefix: string;
  className?: string;
  tabStyle?: (selected: boolean) => CSSProperties;
}

export const tabId = (idPrefix: string, index: number) => `${idPrefix}-tab-${index}`;
export const panelId = (idPrefix: string) => `${idPrefix}-panel`;

/**
 * WAI-ARIA tabs with automatic activation: one tab in the tab order, arrow keys move and select,
 * Home and End go to the ends. The panel is the caller's, with `tabPanelProps`.
 */
export function TabList({ label, tabs, active, onSelect, idPrefix, className = 'tab-list', tabStyle }: TabListProps) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const to = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    onSelect(tabs[to]);
    buttons.current[to]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={className}>
      {tabs.map((tab, index) => {
        const selected = tab === active;
        return (
          <button
            key={tab}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={tabId(idPrefix, index)}
            aria-selected={selected}
            aria-controls={panelId(idPrefix)}
            tabIndex={selected ? 0 : -1}
            className={selected ? 'tab active' : 'tab'}
            style={tabStyle?.(selected)}
            onClick={() => onSelect(tab)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab}
          </button>
        );
      })}
    </div>
  );
}

/** The props of the panel the active tab controls. */
export function tabPanelProps(idPrefix: string, tabs: readonly string[], active: string) {
  return { role: 'tabpanel', id: panelId(idPrefix), 'aria-labelledby': tabId(idPrefix, Math.max(0, tabs.indexOf(active))), tabIndex: 0 } as const;
}
