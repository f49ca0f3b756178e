import { describe, expect, it } from 'vitest';
import { BLOCK_TYPES } from './capabilities';
import { hasBlockView, loadBlockView, loadedBlockView } from './registry';

describe('block registry', () => {
  it('has a view for every block type of the catalogue, score_card included', () => {
    const types = ['chart', 'scorecard', 'score_card', 'calendar', 'table', 'list', 'form', 'markdown', 'itemDetails', 'datalist', 'grid', 'map'];
    for (const type of [...types, 'imageGallery', 'iframe', 'event', 'featureslayout', 'ImageGrid', 'imageAccordian', 'bannerHero', 'header', 'footer']) {
      expect(hasBlockView(type), type).toBe(true);
    }
    expect(hasBlockView('nope')).toBe(false);
    expect(hasBlockView('constructor')).toBe(false);
  });

  it('has a view for every type of the generated capabilities table', () => {
    for (const type of BLOCK_TYPES) expect(hasBlockView(type), type).toBe(true);
  });

  it('keeps a loaded view, under both spellings of the scorecard', async () => {
    expect(loadedBlockView('scorecard')).toBeUndefined();
    const view = await loadBlockView('score_card');
    expect(loadedBlockView('scorecard')).toBe(view);
    await expect(loadBlockView('nope')).rejects.toThrow('No view for blocks of type nope.');
  });
});
