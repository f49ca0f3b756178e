// A BlockSource for the chart, scorecard and calendar tests: `view` answers what the test gives
// (a view, a function of the extra params, or an error) and records every call; the other
// calls are never made by these blocks and fail loudly.
import type { BoardBlock } from '../../generated/api';
import type { BlockSource, BlockView } from '../data/types';

export interface FakeSource extends BlockSource {
  viewCalls: { block: BoardBlock; extra: Record<string, string> }[];
}

const unused = (name: string) => () => Promise.reject(new Error(`${name} is not used by this block`));

export function fakeSource(answer: BlockView | Error | ((extra: Record<string, string>) => BlockView), filterSummary: string[] = []): FakeSource {
  const viewCalls: FakeSource['viewCalls'] = [];
  return {
    key: 'test',
    hasSpreadsheet: true,
    narrowed: false,
    filterSummary,
    viewCalls,
    view: (block, extra) => {
      viewCalls.push({ block, extra });
      if (answer instanceof Error) return Promise.reject(answer);
      // A function that throws is a failed load, as a server error is.
      return new Promise((resolve) => resolve(typeof answer === 'function' ? answer(extra) : answer));
    },
    rows: unused('rows'),
    csvUrl: () => '',
    appendRow: unused('appendRow'),
    editRow: unused('editRow'),
    deleteRow: unused('deleteRow'),
    duplicateRow: unused('duplicateRow'),
    runAction: unused('runAction'),
    upload: unused('upload'),
    pageHref: (page) => `/${page}`,
  };
}
