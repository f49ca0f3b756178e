import { useEffect, useMemo, useState } from 'react';
import { loadCore, type Core } from '../../core/wasm';
import { planBlocks, TEMPLATES, type PlannedBlock } from './templates';
import type { TabState } from './useTabProfile';

/** What the templates can build on the picked tab. */
export type TemplatePlans =
  | { status: 'no-data' }
  | { status: 'reading'; title: string }
  | { status: 'unavailable'; title: string }
  | { status: 'ready'; title: string; plans: Record<string, PlannedBlock[]> };

/** Each template's blocks for the picked tab, once the core has profiled its columns. */
export function useTemplatePlans(tab: TabState): TemplatePlans {
  const [core, setCore] = useState<Core | null>(null);
  const profiled = tab.status === 'ready' && Array.isArray(tab.profiles);

  useEffect(() => {
    // Profiles come from the core, so it is loaded by now and this resolves at once.
    if (profiled && !core) void loadCore().then(setCore, () => undefined);
  }, [profiled, core]);

  return useMemo((): TemplatePlans => {
    if (tab.status === 'none') return { status: 'no-data' };
    if (tab.status === 'loading') return { status: 'reading', title: tab.title };
    if (tab.status === 'failed' || tab.profiles === 'failed') return { status: 'unavailable', title: tab.title };
    if (tab.profiles === 'reading' || !core) return { status: 'reading', title: tab.title };
    const sheet = { title: tab.title, profiles: tab.profiles };
    try {
      return { status: 'ready', title: tab.title, plans: Object.fromEntries(TEMPLATES.map((t) => [t.id, planBlocks(core, t, sheet)])) };
    } catch {
      return { status: 'unavailable', title: tab.title };
    }
  }, [tab, core]);
}
