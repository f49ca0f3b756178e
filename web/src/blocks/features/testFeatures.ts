// Blocks and features for the feature blocks' tests.
import type { BoardBlock } from '../../generated/api';

export const SPEED = { iconType: 'text', icon: '⚡', title: 'Fast', description: 'Loads in a blink.' };
export const SAFE = { iconType: 'fontawesome', icon: 'fa-solid fa-shield', title: 'Safe', description: 'Locked down.' };
export const PHOTO = { iconType: 'image', icon: 'https://img.example/team.png', title: 'Team', description: 'People who care.' };
export const CHEAP = { iconType: 'text', icon: '$', title: 'Cheap', description: 'Costs little.' };
export const EXTRA = { iconType: 'text', icon: '+', title: 'Extra', description: 'One too many.' };

export function blockOf(type: string, settings: Record<string, unknown> = {}): BoardBlock {
  return { id: `${type}-1`, type, ...settings };
}

/** Feature blocks read no rows: a source that fails loudly if one is asked for. */
