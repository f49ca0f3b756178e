import { useCallback, useRef, useState } from 'react';
import { showToast } from '../store/toastStore';
import { transition, type Mode, type ModeEvent } from './modes';

/** What is open in an editor shell: one mode of platform §4, or (boards) the Tutorial Videos popup. */
export interface EditorMode {
  mode: Mode;
  /** The Tutorial Videos popup is no mode of the spec; it takes the place of any popup. */
  tutorials: boolean;
  dispatch: (event: ModeEvent) => void;
  openTutorials: () => void;
}

/**
 * One editor state for the board layouts and the app editor: events go through the pure
 * `transition`, and its effects (a toast, a new tab) are performed here, in the click, so a new
 * tab is not blocked. Any event closes the tutorials, so at most one popup is ever open.
 * `newTabFeatures`: the app editor also withholds the referrer from the tabs it opens.
 */
export function useEditorMode(newTabFeatures: 'noopener' | 'noopener,noreferrer' = 'noopener'): EditorMode {
  const [mode, setMode] = useState<Mode>('view');
  const [tutorials, setTutorials] = useState(false);
  // The mode of the last event, so two events in one render each see the mode before them.
  const current = useRef<Mode>('view');

  const dispatch = useCallback(
    (event: ModeEvent) => {
      const next = transition(current.current, event);
      current.current = next.mode;
      setMode(next.mode);
      setTutorials(false);
      for (const effect of next.effects) {
        if (effect.type === 'toast') showToast({ kind: effect.kind, text: effect.text });
        else window.open(effect.url, '_blank', newTabFeatures);
      }
    },
    [newTabFeatures],
  );

  const openTutorials = useCallback(() => {
    current.current = 'view';
    setMode('view');
    setTutorials(true);
  }, []);

  return { mode, tutorials, dispatch, openTutorials };
}
