import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setRuntimeConfigForTests } from '../../config/runtime';
import { TutorialPopup } from './TutorialPopup';
import { WALKTHROUGHS } from './tutorialWalkthroughs';
import { STEP_MS } from './Walkthrough';

const TABS = ['Board Settings', 'Add Block', 'Publish to MarketPlace'] as const;

function open() {
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  render(<TutorialPopup onClose={() => {}} />);
  return { user, dialog: screen.getByRole('dialog', { name: 'Tutorial Videos' }) };
}

const walkthrough = (dialog: HTMLElement, tab: string) => within(dialog).getByRole('region', { name: `${tab} walkthrough` });
const picture = (region: HTMLElement) => within(region).getByRole('img');
const counter = (region: HTMLElement) => within(region).getByText(/^Step \d+ of \d+$/).textContent;

/** Lets `steps` steps' time pass, one at a time: each step's timer is set once the last one's render is done. */
function wait(steps: number) {
  for (let n = 0; n < steps; n += 1) act(() => vi.advanceTimersByTime(STEP_MS));
}

function preferReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query.includes('reduce'), addEventListener() {}, removeEventListener() {} }));
}

beforeEach(() => {
  // The clock also runs on by itself: Testing Library waits for user events with a setTimeout(0),
  // which only Jest's fake timers are pushed through. A step lasts seconds, so none passes unseen.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  setRuntimeConfigForTests({});
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setRuntimeConfigForTests(null);
});

describe('Tutorial Videos', () => {
  it('plays a walkthrough of screenshots with captions in every tab when no video is configured', async () => {
    const { user, dialog } = open();
    expect(within(dialog).queryByLabelText(/tutorial video$/)).not.toBeInTheDocument();
    for (const [tab, steps] of [
      ['Board Settings', WALKTHROUGHS.boardSettings],
      ['Add Block', WALKTHROUGHS.addBlock],
      ['Publish to MarketPlace', WALKTHROUGHS.publish],
    ] as const) {
      await user.click(within(dialog).getByRole('tab', { name: tab }));
      const region = walkthrough(dialog, tab);
      expect(counter(region)).toBe(`Step 1 of ${steps.length}`);
      expect(picture(region)).toHaveAttribute('src', `/docs-shots/${steps[0].shot}.jpg`);
      expect(picture(region)).toHaveAccessibleName(steps[0].alt);
      expect(within(region).getByText(steps[0].caption)).toBeInTheDocument();
    }
  });

  it('advances by itself, pauses and plays on, and stops at the last step', async () => {
    preferReducedMotion(false);
    const { user, dialog } = open();
    await user.click(within(dialog).getByRole('tab', { name: 'Add Block' }));
    const region = walkthrough(dialog, 'Add Block');
    const steps = WALKTHROUGHS.addBlock;
    wait(1);
    expect(counter(region)).toBe(`Step 2 of ${steps.length}`);
    expect(picture(region)).toHaveAttribute('src', `/docs-shots/${steps[1].shot}.jpg`);
    expect(within(region).getByText(steps[1].caption)).toBeInTheDocument();

    await user.click(within(region).getByRole('button', { name: 'Pause' }));
    wait(3);
    expect(counter(region)).toBe(`Step 2 of ${steps.length}`);

    await user.click(within(region).getByRole('button', { name: 'Play' }));
    wait(steps.length + 2);
    expect(counter(region)).toBe(`Step ${steps.length} of ${steps.length}`);
    expect(within(region).getByRole('button', { name: 'Play' })).toBeInTheDocument();

    await user.click(within(region).getByRole('button', { name: 'Play' }));
    expect(counter(region)).toBe(`Step 1 of ${steps.length}`);
  });

  it('moves with Previous and Next, and with the arrow keys, which pause it', async () => {
    const { user, dialog } = open();
    const region = walkthrough(dialog, 'Board Settings');
    const total = WALKTHROUGHS.boardSettings.length;
    const previous = within(region).getByRole('button', { name: 'Previous step' });
    const next = within(region).getByRole('button', { name: 'Next step' });
    expect(previous).toHaveAttribute('aria-disabled', 'true');

    await user.click(next);
    expect(counter(region)).toBe(`Step 2 of ${total}`);
    expect(within(region).getByRole('button', { name: 'Play' })).toBeInTheDocument();
    wait(2);
    expect(counter(region)).toBe(`Step 2 of ${total}`);
    expect(within(region).getByText(`Step 2 of ${total}`)).toHaveAttribute('aria-live', 'polite');

    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(counter(region)).toBe(`Step 4 of ${total}`);
    await user.keyboard('{ArrowLeft}');
    expect(counter(region)).toBe(`Step 3 of ${total}`);
    await user.keyboard('{End}');
    expect(counter(region)).toBe(`Step ${total} of ${total}`);
    expect(next).toHaveAttribute('aria-disabled', 'true');
    await user.click(next);
    expect(counter(region)).toBe(`Step ${total} of ${total}`);
    expect(next).toHaveFocus();
    await user.click(previous);
    expect(counter(region)).toBe(`Step ${total - 1} of ${total}`);
  });

  it('does not move by itself for a viewer who prefers reduced motion', async () => {
    preferReducedMotion(true);
    const { user, dialog } = open();
    const region = walkthrough(dialog, 'Board Settings');
    wait(3);
    expect(counter(region)).toBe(`Step 1 of ${WALKTHROUGHS.boardSettings.length}`);
    await user.click(within(region).getByRole('button', { name: 'Play' }));
    wait(1);
    expect(counter(region)).toBe(`Step 2 of ${WALKTHROUGHS.boardSettings.length}`);
  });

  it("plays the operator's video in a tab whose URL is set, and the walkthrough in the others", async () => {
    setRuntimeConfigForTests({ tutorialVideos: { boardSettings: null, addBlock: 'https://media.example.com/add.mp4', publish: null } });
    const { user, dialog } = open();
    expect(walkthrough(dialog, 'Board Settings')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: 'Add Block' }));
    expect(within(dialog).getByLabelText('Add Block tutorial video')).toHaveAttribute('src', 'https://media.example.com/add.mp4');
    expect(within(dialog).queryByRole('region', { name: /walkthrough$/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: 'Publish to MarketPlace' }));
    expect(walkthrough(dialog, 'Publish to MarketPlace')).toBeInTheDocument();
  });

  it('starts a tab over at its first step when it is chosen again', async () => {
    const { user, dialog } = open();
    await user.click(within(walkthrough(dialog, TABS[0])).getByRole('button', { name: 'Next step' }));
    await user.click(within(dialog).getByRole('tab', { name: TABS[1] }));
    await user.click(within(dialog).getByRole('tab', { name: TABS[0] }));
    expect(counter(walkthrough(dialog, TABS[0]))).toBe(`Step 1 of ${WALKTHROUGHS.boardSettings.length}`);
  });
});
