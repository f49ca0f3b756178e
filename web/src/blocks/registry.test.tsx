import { describe, expect, it } from 'vitest';
import { blockView } from './registry';

describe('block registry', () => {
  it('has a view for every data block type, score_card included, and none for presentation blocks', () => {
    for (const type of ['chart', 'scorecard', 'score_card', 'calendar', 'table', 'list', 'form', 'markdown', 'itemDetails', 'datalist', 'grid', 'map']) {
      expect(blockView(type), type).toBeDefined();
    }
    expect(blockView('score_card')).toBe(blockView('scorecard'));
    for (const type of ['event', 'bannerHero', 'footer', 'header', 'iframe', 'imageGallery']) expect(blockView(type), type).toBeUndefined();
  });
});
