import { render, screen } from '@testing-library/react';
import { ApiError } from '../../api/errors';
import type { BoardBlock } from '../../generated/api';
import { fakeBlockSource } from '../../test/fakeBlockSource';
import type { BlockView } from '../data/types';
import { MarkdownBlock } from './MarkdownBlock';
import { viewBlockOf } from '../../test/viewBlocks';

function fakeSource(view: () => Promise<BlockView>) {
  return fakeBlockSource({ view: vi.fn(view) });
}

const markdown =
  (html: string[], texts: string[] = html.map(() => '')): (() => Promise<BlockView>) =>
  async () => ({ kind: 'markdown', texts, html });

function block(settings: Record<string, unknown> = {}): BoardBlock {
  return { id: 'm1', type: 'markdown', text: '# [Name]', ...settings };
}

describe('MarkdownBlock', () => {
  it('renders the server’s sanitised html, asking the block’s view', async () => {
    const source = fakeSource(markdown(['<h1>Hello <em>Ada</em></h1><p><a href="https://example.com">site</a></p>']));
    const b = viewBlockOf('markdown', block());
    render(<MarkdownBlock block={b} source={source} />);
    expect(await screen.findByRole('heading', { name: 'Hello Ada' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'site' })).toHaveAttribute('href', 'https://example.com');
    expect(source.view).toHaveBeenCalledWith(b, {}, expect.anything());
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('renders a block without a sheet from the view too', async () => {
    const source = fakeSource(markdown(['<p>Plain words</p>']));
    render(<MarkdownBlock block={viewBlockOf('markdown', { id: 'm2', type: 'markdown', text: 'Plain words' })} source={source} />);
    expect(await screen.findByText('Plain words')).toBeInTheDocument();
    expect(source.view).toHaveBeenCalledTimes(1);
    expect(source.rows).not.toHaveBeenCalled();
  });

  it('never renders the texts as HTML, only the html field', async () => {
    const hostile = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script><a href="javascript:alert(1)">click</a>';
    const { container } = render(<MarkdownBlock block={viewBlockOf('markdown', block())} source={fakeSource(markdown(['<p>safe</p>'], [hostile]))} />);
    expect(await screen.findByText('safe')).toBeInTheDocument();
    expect(container.querySelector('img, script')).toBeNull();
    expect(screen.queryByRole('link', { name: 'click' })).not.toBeInTheDocument();
    expect(container.textContent).not.toContain('onerror');
  });

  it('draws one card per row in the loop’s columns and gap', async () => {
    const source = fakeSource(markdown(['<p>Ada</p>', '<p>Bob</p>', '<p>Cy</p>']));
    render(<MarkdownBlock block={viewBlockOf('markdown', block({ loop: true, columns: 3, gap: '6' }))} source={source} />);
    const list = await screen.findByRole('list');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Ada', 'Bob', 'Cy']);
    expect(list).toHaveClass('markdown-block-grid', 'markdown-block-cols-3', 'markdown-block-gap-6');
  });

  it('takes gap 3 and one column by default, clamps columns to 1-4 and refuses unknown gaps', async () => {
    const view = markdown(['<p>a</p>']);
    const { unmount } = render(<MarkdownBlock block={viewBlockOf('markdown', block({ loop: true }))} source={fakeSource(view)} />);
    expect(await screen.findByRole('list')).toHaveClass('markdown-block-cols-1', 'markdown-block-gap-3');
    unmount();

    const second = render(<MarkdownBlock block={viewBlockOf('markdown', block({ loop: true, columns: 9, gap: 0 }))} source={fakeSource(view)} />);
    expect(await screen.findByRole('list')).toHaveClass('markdown-block-cols-4', 'markdown-block-gap-0');
    second.unmount();

    render(<MarkdownBlock block={viewBlockOf('markdown', block({ loop: true, columns: 2, gap: '7' }))} source={fakeSource(view)} />);
    expect(await screen.findByRole('list')).toHaveClass('markdown-block-cols-2', 'markdown-block-gap-3');
  });

  it('says no rows match when a loop has none', async () => {
    render(<MarkdownBlock block={viewBlockOf('markdown', block({ loop: true }))} source={fakeSource(markdown([]))} />);
    expect(await screen.findByText('No rows to show yet. Rows added to the spreadsheet appear here.')).toBeInTheDocument();
  });

  it('shows the block’s own error when its view fails', async () => {
    render(
      <MarkdownBlock
        block={viewBlockOf('markdown', block())}
        source={fakeSource(async () => Promise.reject(new ApiError('The sheet `People` has no column `Name`.', 422)))}
      />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The sheet `People` has no column `Name`.');
  });
});
