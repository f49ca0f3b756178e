import { canonicalType } from './canonicalType';

it('reads the older score_card spelling as scorecard and leaves every other type as it is', () => {
  expect(canonicalType('score_card')).toBe('scorecard');
  expect(canonicalType('scorecard')).toBe('scorecard');
  expect(canonicalType('chart')).toBe('chart');
});
