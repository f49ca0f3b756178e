import { describe, expect, it } from 'vitest';
import { hasBlockView, isStandalone, loadBlockView, loadedBlockView, loadStandaloneView } from './registry';

describe('block registry', () => {
  it('has a view for every block type of the catalogue, score_card included', () => {
    const types = ['chart', 'scorecard', 'score_card', 'calendar', 'table', 'list', 'form', 'markdown', 'itemDetails', 'datalist', 'grid', 'map'];
    for (const type of [...types, 'imageGallery', 'iframe', 'event', 'featureslayout', 'ImageGrid', 'imageAccordian', 'bannerHero', 'header', 'footer']) {
      expect(hasBlockView(type), type).toBe(true);
    }
    expect(hasBlockView('nope')).toBe(false);
  });

  it('knows which views read nothing but their settings', async () => {
    for (const type of ['event', 'featureslayout', 'ImageGrid', 'imageAccordian', 'bannerHero', 'header', 'footer']) expect(isStandalone(type), type).toBe(true);
    for (const type of ['imageGallery', 'iframe', 'markdown', 'chart']) expect(isStandalone(type), type).toBe(false);
    await expect(loadStandaloneView('event')).resolves.toBeTypeOf('function');
    await expect(loadStandaloneView('chart')).rejects.toThrow('Blocks of type chart read rows; their preview is computed.');
  });

  it('keeps a loaded view, under both spellings of the scorecard', async () => {
    expect(loadedBlockView('scorecard')).toBeUndefined();
    const view = await loadBlockView('score_card');
    expect(loadedBlockView('scorecard')).toBe(view);
    await expect(loadBlockView('nope')).rejects.toThrow('No view for blocks of type nope.');
  });
});
