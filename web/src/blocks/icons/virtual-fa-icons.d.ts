// The loader module of web/icons/plugin.ts: Font Awesome's free sets, bucketed by first letter.
declare module 'virtual:fa-icons' {
  import type { IconDefinition } from '@fortawesome/fontawesome-common-types';
  type Bucket = () => Promise<Record<string, IconDefinition>>;
  export const buckets: { solid: Partial<Record<string, Bucket>>; brands: Partial<Record<string, Bucket>> };
}
