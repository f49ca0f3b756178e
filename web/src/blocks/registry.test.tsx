import { describe, expect, it } from 'vitest';
import { hasBlockView, loadBlockView, loadedBlockView } from './registry';

describe('block registry', () => {
  it('has a view for every data block type, score_card included, and none for presentation blocks', () => {
    for (const type of ['chart', 'scorecard', 'score_card', 'calendar', 'table', 'list', 'form', 'markdown', 'itemDetails', 'datalist', 'grid', 'map']) {
      expect(hasBlockView(type), type).toBe(true);
    }
    for (const type of ['event', 'bannerHero', 'footer', 'header', 'iframe', 'imageGallery']) expect(hasBlockView(type), type).toBe(false);
  });

  it('keeps a loaded view, under both spellings of the scorecard', async () => {
    expect(loadedBlockView('scorecard')).toBeUndefined();
    const view = await loadBlockView('score_card');
    expect(loadedBlockView('scorecard')).toBe(view);
    await expect(loadBlockView('footer')).rejects.toThrow('No view for blocks of type footer.');
  });
});
