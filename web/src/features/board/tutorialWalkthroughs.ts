// The Tutorial Videos popup's built-in walkthroughs: screenshots of the real product, taken by
// web/e2e/shots.e2e.mjs (`cargo xtask docs-shots`) into web/public/docs-shots, and what each shows.
import type { TutorialVideos } from '../../config/runtime';

export interface WalkthroughStep {
  /** The picture: `/docs-shots/{shot}.jpg`. */
  shot: string;
  /** What the picture shows, for those who cannot see it. */
  alt: string;
  /** What to do at this step. */
  caption: string;
}

export const shotUrl = (shot: string) => `/docs-shots/${shot}.jpg`;

export const WALKTHROUGHS: Record<keyof TutorialVideos, readonly WalkthroughStep[]> = {
  boardSettings: [
    {
      shot: 'first-block',
      alt: 'The board editor: a sidebar with New Block, Settings, Docs and Embed beside a board with an Orders table.',
      caption: 'In the board editor, press Settings in the sidebar on the left.',
    },
    {
      shot: 'board-settings',
      alt: 'The Board Settings popup with the board name, title, hero text and the Public switch.',
      caption: 'Give the board a title and hero text, and choose whether anyone with the link may see it.',
    },
    {
      shot: 'board-settings-sections',
      alt: 'The Sections part of Board Settings with the sections Orders and Forms.',
      caption: 'Add sections: each one becomes a tab above the board, holding the blocks you put in it.',
    },
    {
      shot: 'board-settings-filters',
      alt: 'The Filters part of Board Settings with a filter named Region on the Region column.',
      caption: 'Add filters: name one, pick its column and condition. Then press Save.',
    },
    {
      shot: 'filter-bar',
      alt: 'The board as visitors see it: section tabs, a Region filter set to North and the table showing only northern orders.',
      caption: 'Visitors now pick a section and filter every block of the board.',
    },
  ],
  addBlock: [
    {
      shot: 'board-editor',
      alt: 'A new, empty board in the editor with the New Block button at the top of the sidebar.',
      caption: 'A new board starts empty. Press New Block in the sidebar.',
    },
    {
      shot: 'choose-block',
      alt: 'The Choose Your Block popup listing every block type, from Chart and Table to Form and Map.',
      caption: 'Choose Your Block lists every block type. Pick one: here, a Table.',
    },
    {
      shot: 'block-settings',
      alt: 'The Table settings beside a live preview of the table with the rows of the sheet.',
      caption: 'Pick the sheet and set the block up. The preview follows every change.',
    },
    {
      shot: 'first-block',
      alt: 'The board with the new Orders table showing the rows of the sheet.',
      caption: 'Press Save: the block is on the board and shows your rows.',
    },
  ],
  publish: [
    {
      shot: 'publish-board',
      alt: 'The Publish Board popup with a preview of the board, its description, category and tags.',
      caption: 'Press Publish to Marketplace, then describe the board and choose its category and tags.',
    },
    {
      shot: 'published',
      alt: 'The Publish Board popup saying the board is published on the Marketplace, with Update listing and Unpublish.',
      caption: 'Press Publish: the board is listed on the Marketplace and becomes public.',
    },
    {
      shot: 'marketplace',
      alt: 'The Marketplace page with the published board as a card with Use this template.',
      caption: 'Anyone can now find it on the Marketplace and start their own copy with Use this template.',
    },
  ],
};
