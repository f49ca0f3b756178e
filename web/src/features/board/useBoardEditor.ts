import type { BoardState } from '../../generated/api';
import { newBlockIconRotated } from '../../shell/modes';
import { useEditorMode } from '../../shell/useEditorMode';
import { useBlockTarget } from '../../shell/settings/EditedBlockPanel';
import { useSpreadsheetUrl } from './BoardPopups';
import { useSections } from './BoardView';

/** What both board editor layouts keep: the mode, the section tabs and the spreadsheet address. */
export function useBoardEditor(board: BoardState) {
  const editor = useEditorMode();
  const sections = useSections(board);
  const spreadsheet = useSpreadsheetUrl(board);
  const blocks = useBlockTarget(editor);
  const { mode, dispatch } = editor;
  // New Block toggles: while its popup is open the icon is a cross and a click closes it.
  const adding = newBlockIconRotated(mode);
  const toggleAdd = () => dispatch(adding ? { type: 'close' } : { type: 'open', popup: 'add' });
  return { editor, sections, spreadsheet, mode, dispatch, adding, toggleAdd, blocks };
}
