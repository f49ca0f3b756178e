// The block settings editor end to end (issue 6), in Debian's Chromium against the real server:
// for each of the 20 block types an owner picks it in 'Choose Your Block' (a data block comes
// bound to the sheet's columns: a chart's series, a table's columns, a form's fields, a card),
// fills what it still needs,
// changes a setting that shows or hides another, sees the live preview change, and saves; after
// a reload every block is there and its settings were kept.
//
//   TESSERA_URL=http://host:port E2E_SMTP_PORT=2525 node e2e/blocks.e2e.mjs
//
// `cargo xtask ci` (step e2e) runs it with the other journeys. Prints `N passed, M failed`.
import { join } from 'node:path';
import {
  BASE,
  CONTEXT_OPTIONS,
  RUN,
  SHOTS,
  createBoardFromCsv,
  createWorkspace,
  hidden,
  requireServer,
  runJourneys,
  signUpAndVerify,
  visible,
} from './support.mjs';

const OWNER = { name: 'Bo Blocks', email: `bo-${RUN}@example.com` };
const CSV = [
  'Name,Region,Amount,Date,Address,Photo',
  'Ada,North,120,2026-11-02,1 Main St,/favicon.svg',
  'Bea,South,80,2026-11-09,2 High St,/favicon.svg',
  'Cy,North,45,2026-11-16,3 Low Rd,/favicon.svg',
].join('\n');

/** The uploaded file's one tab, whatever the upload named it. */
const FIRST_TAB = { index: 1 };

// What each type needs, in the editor's words (the catalogue's labels):
// - `fill`: steps before the toggle (required settings the starter could not choose, a list item
//   to hold the toggled setting; 'Columns 1', 'Fields 1', 'Cards 1' come with the pick);
// - `toggle`: steps that flip whether `label` shows, and whether it showed before;
// - `preview`: steps that change what the preview shows (the toggle itself when it does).
// A step is [kind, label, value?, group?]: kinds select, switch, fill, clear, add; `group` names the
// list item (`Fields 1`) the control sits in.
const TYPES = [
  {
    type: 'chart',
    name: 'Chart',
    fill: [['select', /^X axis/, 'Region']],
    toggle: { label: 'Step size', shown: false, steps: [['switch', 'Custom step size']] },
    preview: [['select', /^X axis/, 'Name']],
  },
  {
    type: 'list',
    name: 'List',
    toggle: { label: 'Rows per page', shown: true, steps: [['switch', 'Paginate']] },
    preview: [['select', 'Column', 'Region', 'Columns 1']],
  },
  {
    type: 'imageGallery',
    name: 'Image Gallery',
    toggle: { label: 'Grid columns', shown: false, steps: [['select', 'Layout', 'grid']] },
    preview: [['fill', 'Title', 'Team photos']],
  },
  {
    type: 'table',
    name: 'Table',
    toggle: { label: 'Rows per page', shown: true, steps: [['switch', 'Paginate']] },
    preview: [['select', 'Column', 'Amount', 'Columns 1']],
  },
  {
    type: 'calendar',
    name: 'Calendar',
    toggle: { label: 'Month', shown: false, steps: [['select', 'Month shown', 'Selected month']] },
    preview: [['fill', 'Title', 'Deliveries']],
  },
  {
    type: 'form',
    name: 'Form',
    toggle: { label: 'Accepted files', shown: false, steps: [['select', 'Type', 'file', 'Fields 1']] },
    preview: [['fill', 'Label', 'Receipt', 'Fields 1']],
  },
  {
    type: 'event',
    name: 'Event',
    toggle: { label: 'End date', shown: false, steps: [['select', 'Event type', 'Multi day']] },
    preview: [['fill', 'Event title', 'Launch day']],
  },
  {
    type: 'featureslayout',
    name: 'Features Layout',
    fill: [['add', 'Features']],
    toggle: { label: 'Icon', shown: false, steps: [['select', 'Icon type', 'text', 'Features 1']] },
    preview: [['fill', 'Title', 'Fast setup', 'Features 1']],
  },
  {
    type: 'datalist',
    name: 'Data List',
    toggle: { label: 'Timeline layout', shown: false, steps: [['select', 'List type', 'timeline']] },
    preview: [['fill', 'Title', 'Timeline of orders']],
  },
  {
    type: 'ImageGrid',
    name: 'Image Grid',
    toggle: { label: 'Learn More link', shown: false, steps: [['fill', 'Learn More text', 'Read more']] },
    preview: [
      ['add', 'Features'],
      ['fill', 'Title', 'Reports', 'Features 1'],
    ],
  },
  {
    type: 'bannerHero',
    name: 'Banner Hero',
    toggle: { label: 'Image position', shown: false, steps: [['fill', 'Foreground image', `${BASE}/favicon.svg`]] },
    preview: [['fill', 'Subtitle', 'All your orders in one place']],
  },
  {
    type: 'footer',
    name: 'Footer',
    fill: [['add', 'Contact items']],
    // A new contact item shows its icon (platform §9), so switching Show icon off hides its colour.
    toggle: { label: 'Icon colour', shown: true, steps: [['switch', 'Show icon', undefined, 'Contact items 1']] },
    preview: [['fill', 'Copyright', '© Tessera journeys']],
  },
  {
    type: 'imageAccordian',
    name: 'Image Accordion',
    toggle: { label: 'Learn More link', shown: false, steps: [['fill', 'Learn More text', 'Open']] },
    preview: [
      ['add', 'Features'],
      ['fill', 'Title', 'Panels', 'Features 1'],
    ],
  },
  {
    type: 'header',
    name: 'Header',
    toggle: { label: 'Profile image', shown: false, steps: [['switch', 'User menu']] },
    preview: [['fill', 'Header title', 'Orders site']],
  },
  {
    type: 'itemDetails',
    name: 'Item Details',
    fill: [['add', 'Actions']],
    toggle: { label: 'Page', shown: false, steps: [['select', 'Opens', 'Page', 'Actions 1']] },
    preview: [
      ['fill', 'Label', 'Open order', 'Actions 1'],
      ['fill', 'Page', 'orders', 'Actions 1'],
    ],
  },
  {
    type: 'grid',
    name: 'Grid',
    fill: [['select', 'Column', 'Photo', 'Columns 1']],
    toggle: { label: 'Image width', shown: false, steps: [['select', 'Type', 'image', 'Columns 1']] },
    preview: [['select', 'Column', 'Address', 'Columns 2']],
  },
  {
    type: 'markdown',
    name: 'Markdown',
    toggle: { label: 'Gap', shown: false, steps: [['switch', 'One block per row']] },
    preview: [['fill', 'Markdown', '# Orders of {{Name}}']],
  },
  {
    type: 'iframe',
    name: 'Iframe',
    toggle: { label: 'Title colour', shown: true, steps: [['clear', 'Title']] },
    preview: [['fill', 'Title', 'Embedded page']],
  },
  {
    type: 'scorecard',
    name: 'Scorecard',
    toggle: { label: 'Title colour', shown: true, steps: [['clear', 'Title']] },
    preview: [['fill', 'Label', 'Amount in all', 'Cards 1']],
  },
  {
    type: 'map',
    name: 'Map',
    fill: [
      ['select', /^Title column/, 'Name'],
      ['select', /^Description column/, 'Region'],
      ['select', /^Address column/, 'Address'],
      ['select', /^Image column/, 'Photo'],
    ],
    toggle: { label: 'Title colour', shown: true, steps: [['clear', 'Title']] },
    preview: [['fill', 'Title', 'Where they are']],
  },
];

/** The control called `label` in the editor, inside the list item `group` when given. */
function control(editor, label, group) {
  const scope = group ? editor.getByRole('group', { name: group, exact: true }) : editor;
  return scope.getByLabel(label, { exact: typeof label === 'string' }).first();
}

async function perform(editor, [kind, label, value, group]) {
  if (kind === 'add') return editor.getByRole('button', { name: `Add to ${label}`, exact: true }).click();
  const target = control(editor, label, group);
  if (kind === 'select') return target.selectOption(value);
  if (kind === 'switch') return target.click();
  if (kind === 'clear') return target.fill('');
  return target.fill(value);
}

async function expectShown(editor, label, shown, when) {
  const count = await editor.getByLabel(label, { exact: true }).count();
  if (count > 0 !== shown) throw new Error(`${when}: '${label}' should be ${shown ? 'shown' : 'hidden'}`);
}

/** The last value the steps typed or picked into each control is what it shows (after a reload: was kept). */
async function expectKept(editor, steps, typeName) {
  const last = new Map();
  for (const [kind, label, value, group] of steps) {
    // The block's own title is checked by finding its Edit button (see titleOf).
    if (label === 'Title' && !group) continue;
    if (kind === 'fill' || kind === 'select') last.set(`${group ?? ''}|${label}`, [label, value, group, kind]);
  }
  for (const [label, value, group, kind] of last.values()) {
    const shown = await control(editor, label, group).inputValue();
    const expected = kind === 'select' && typeof value === 'object' ? shown : value;
    if (shown !== expected) throw new Error(`${typeName}: '${label}' shows '${shown}' after the reload, not '${expected}'`);
  }
}

/** The block's title after its steps: the last Title typed (a cleared one is typed back as the type's name). */
function titleOf(spec) {
  if (spec.toggle.steps.some(([kind]) => kind === 'clear')) return spec.name;
  const typed = [...(spec.fill ?? []), ...spec.preview].filter(([kind, label, , group]) => kind === 'fill' && label === 'Title' && !group);
  return typed.length > 0 ? typed[typed.length - 1][2] : spec.name;
}

/** Waits until the preview's text differs from `before`. */
async function previewChanges(preview, before, what) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if ((await preview.innerText()) !== before) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the preview did not change after ${what}`);
}

requireServer('blocks');

await runJourneys(async ({ browser, step, profileDir }) => {
  const owner = await (await browser.newContext(CONTEXT_OPTIONS)).newPage();
  owner.on('dialog', (dialog) => void dialog.accept());
  let boardPath = '';

  await step('an owner has a board made from an uploaded sheet', owner, async () => {
    await signUpAndVerify(owner, OWNER);
    await owner.waitForURL(`${BASE}/dashboard/start`);
    await createWorkspace(owner, 'Blocks workspace', `blocks-${RUN}`);
    boardPath = await createBoardFromCsv(owner, { profileDir, csvText: CSV, boardName: 'Orders' });
  });

  for (const spec of TYPES) {
    await step(`a ${spec.name} block is made in the editor: a setting shows or hides another, the preview follows, it saves`, owner, async () => {
      await owner
        .getByRole('navigation', { name: 'Board editor' })
        .getByRole('button', { name: /New Block/ })
        .click();
      const picker = owner.getByRole('dialog', { name: 'Choose Your Block' });
      await visible(picker);
      await picker.getByRole('button', { name: new RegExp(`^${spec.name}\\b`) }).click();
      await hidden(picker);
      const editor = owner.getByRole('form', { name: `${spec.name} settings` });
      await visible(editor);
      const preview = owner.getByRole('complementary', { name: 'Block settings' }).getByRole('region', { name: 'Preview' });
      await visible(preview);
      if ((await editor.getByLabel('Sheet', { exact: true }).count()) > 0) await editor.getByLabel('Sheet', { exact: true }).selectOption(FIRST_TAB);
      for (const action of spec.fill ?? []) await perform(editor, action);

      await expectShown(editor, spec.toggle.label, spec.toggle.shown, 'before the change');
      for (const action of spec.toggle.steps) await perform(editor, action);
      await expectShown(editor, spec.toggle.label, !spec.toggle.shown, 'after the change');

      const before = await preview.innerText();
      for (const action of spec.preview) await perform(editor, action);
      await previewChanges(preview, before, spec.preview.map(([kind, label]) => `${kind} ${label}`).join(', '));

      if (spec.toggle.steps.some(([kind]) => kind === 'clear')) await control(editor, 'Title').fill(spec.name);
      await editor.getByRole('button', { name: 'Save' }).click();
      await hidden(editor);
    });
  }

  await step('after a reload every block is on the board with the settings it was saved with', owner, async () => {
    await owner.goto(`${BASE}${boardPath}`);
    await visible(owner.getByRole('navigation', { name: 'Board editor' }));
    for (const spec of TYPES) {
      const edit = owner.getByRole('button', { name: `Edit block ${titleOf(spec)}`, exact: true });
      await visible(edit);
      await edit.click();
      const editor = owner.getByRole('form', { name: `${spec.name} settings` });
      await visible(editor);
      // A title cleared for the toggle was typed back, so the title colours show again.
      const clearedTitle = spec.toggle.steps.some(([kind]) => kind === 'clear');
      await expectShown(editor, spec.toggle.label, clearedTitle ? spec.toggle.shown : !spec.toggle.shown, `${spec.name} after the reload`);
      await expectKept(editor, [...(spec.fill ?? []), ...spec.preview], spec.name);
      await editor.getByRole('button', { name: 'Cancel' }).click();
      await hidden(editor);
    }
    await owner.screenshot({ path: join(SHOTS, 'all-block-types.png'), fullPage: true });
  });
});
