import { useId, useState } from 'react';
import { runtimeConfig, type TutorialVideos } from '../../config/runtime';
import { Popup } from '../../components/Popup';
import { TabList, tabPanelProps } from './TabList';

const TABS: readonly { label: string; video: keyof TutorialVideos }[] = [
  { label: 'Board Settings', video: 'boardSettings' },
  { label: 'Add Block', video: 'addBlock' },
  { label: 'Publish to MarketPlace', video: 'publish' },
];
const LABELS = TABS.map((tab) => tab.label);

/** platform §2 Tutorial Videos: three tabs, each with its video (the operator's runtime config). */
export function TutorialPopup({ onClose }: { onClose: () => void }) {
  const idPrefix = useId();
  const [active, setActive] = useState(LABELS[0]);
  const tab = TABS.find((t) => t.label === active) ?? TABS[0];
  return (
    <Popup title="Tutorial Videos" maxWidth={760} onClose={onClose}>
      <TabList label="Tutorials" tabs={LABELS} active={active} onSelect={setActive} idPrefix={idPrefix} />
      <div {...tabPanelProps(idPrefix, LABELS, active)} className="tutorial-panel">
        {/* The key makes a new element per tab, so a video does not keep playing under another tab's name. */}
        <video key={tab.video} controls preload="metadata" src={runtimeConfig().tutorialVideos[tab.video]} aria-label={`${tab.label} tutorial video`} />
      </div>
    </Popup>
  );
}
