// Pasted iframe code as an owner meets it in the settings editor and its preview: the rule lives
// in Rust (tessera-markup's iframe parser, which the server's block validation runs) and reaches
// the editor through the markup module (iframeFrame's refusal, merged into the core's validation),
// so these tests run the real core and markup modules.
import { render, screen } from '@testing-library/react';
import type { BlockConfig, Core } from '../../core/wasm';
import { loadRealCore } from '../../test/realCore';
import { renderSettingsEditor } from '../../test/renderSettingsEditor';
import { PreviewPane } from '../../blocks/preview/PreviewPane';

let core: Core;
beforeAll(async () => {
  core = await loadRealCore();
});

const renderEditor = (block: BlockConfig) => renderSettingsEditor(core, block);
const renderPreview = (block: BlockConfig) => render(<PreviewPane core={core} block={block} spreadsheetId={null} filters={[]} versionOf={() => undefined} />);

const HOSTILE = [
  ['<iframe src="javascript:alert(1)"></iframe>', 'The <iframe> address must start with http:// or https://; got `javascript:alert(1)`.'],
  ['<iframe src="data:text/html,<b>x</b>"></iframe>', 'The <iframe> address must start with http:// or https://; got `data:text/html,<b>x</b>`.'],
  ['<iframe srcdoc="<script>alert(1)</script>"></iframe>', 'The <iframe> has no src address.'],
  ['<script>alert(1)</script>', 'The code has no <iframe> element. Paste the embed code that starts with <iframe.'],
  ['<img src=x onerror=alert(1)>', 'The code has no <iframe> element. Paste the embed code that starts with <iframe.'],
];

describe('iframe code in the editor', () => {
  it.each(HOSTILE)('refuses %s at the field, with the reason, and saves nothing', async (code, reason) => {
    const { user, onSave } = renderEditor({ type: 'iframe', title: 'Map' });
    const field = screen.getByRole('textbox', { name: 'Iframe code' });
    await user.click(field);
    await user.paste(code);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it.each(HOSTILE)('says why %s is refused as it is pasted, before Save', async (code, reason) => {
    const { user } = renderEditor({ type: 'iframe', title: 'Map' });
    const field = screen.getByRole('textbox', { name: 'Iframe code' });
    await user.click(field);
    await user.paste(code);
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription(expect.stringContaining(reason));
  });

  it('saves embed code with one https frame as pasted', async () => {
    const { user, onSave } = renderEditor({ type: 'iframe', title: 'Map' });
    const code = '<div><iframe src="https://maps.example/embed?a=1&amp;b=2" height="300"></iframe></div>';
    await user.click(screen.getByRole('textbox', { name: 'Iframe code' }));
    await user.paste(code);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ iframe_code: code }));
  });
});

describe('the iframe preview', () => {
  it('draws the one frame sandboxed, scripts allowed but never with the page’s origin', async () => {
    renderPreview({
      type: 'iframe',
      iframe_code: '<iframe src="https://maps.example/e?a=1&amp;b=2" onload="alert(1)" sandbox="allow-same-origin allow-scripts"></iframe>',
    });
    const frame = await screen.findByTitle('Embedded page');
    expect(frame).toHaveAttribute('src', 'https://maps.example/e?a=1&b=2');
    expect(frame.getAttribute('sandbox')).toContain('allow-scripts');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-same-origin');
    expect(frame).not.toHaveAttribute('onload');
  });

  it.each(HOSTILE)('shows why %s draws nothing', async (code, reason) => {
    renderPreview({ type: 'iframe', iframe_code: code });
    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
    expect(document.querySelector('iframe')).toBeNull();
  });
});
