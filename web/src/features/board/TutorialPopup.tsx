import { useId, useState } from 'react';
import { runtimeConfig, type TutorialVideos } from '../../config/runtime';
import { Popup } from '../../components/Popup';
import { TabList, tabPanelProps } from './TabList';
import { WALKTHROUGHS } from './tutorialWalkthroughs';
import { Walkthrough } from './Walkthrough';

const TABS: readonly { label: string; video: keyof TutorialVideos }[] = [
  { label: 'Board Settings', video: 'boardSettings' },
  { label: 'Add Block', video: 'addBlock' },
  { label: 'Publish to MarketPlace', video: 'publish' },
];
const LABELS = TABS.map((tab) => tab.label);

/**
 * platform §2 Tutorial Videos: three tabs, each with the video the operator configured for it, or
 * else the built-in walkthrough of screenshots of the product.
 */
export function TutorialPopup({ onClose }: { onClose: () => void }) {
  const idPrefix = useId();
  const [active, setActive] = useState(LABELS[0]);
  const tab = TABS.find((t) => t.label === active) ?? TABS[0];
  const video = runtimeConfig().tutorialVideos[tab.video];
  return (
    <Popup title="Tutorial Videos" maxWidth={760} onClose={onClose}>
      <TabList label="Tutorials" tabs={LABELS} active={active} onSelect={setActive} idPrefix={idPrefix} />
      <div {...tabPanelProps(idPrefix, LABELS, active)} className="tutorial-panel">
        {/* The key makes a new element per tab, so a video does not keep playing under another
            tab's name and a walkthrough starts at its first step. */}
        {video ? (
          <video key={tab.video} controls preload="metadata" src={video} aria-label={`${tab.label} tutorial video`} />
        ) : (
          <Walkthrough key={tab.video} title={tab.label} steps={WALKTHROUGHS[tab.video]} />
        )}
      </div>
    </Popup>
  );
}
