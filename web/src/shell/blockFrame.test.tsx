import { render, screen, within } from '@testing-library/react';
import { BlockMenu } from '../blocks/pdf/BlockMenu';
import type { Block } from '../store/blockList';
import { BlockFrame } from './blockFrame';

const markdown = (title?: string): Block => ({ id: 'm1', type: 'markdown', ...(title === undefined ? {} : { title }) }) as Block;

function frame(block: Block, editor: boolean) {
  return render(
    <BlockFrame block={block} className="app-block" sortable={false} actions={editor ? <button type="button">Edit</button> : undefined}>
      <p>Body</p>
    </BlockFrame>,
  );
}

describe('BlockFrame titles', () => {
  it('hides a placeholder title ("Markdown", or none) from viewers but still names the block', () => {
    for (const title of ['Markdown', '', undefined]) {
      const { unmount } = frame(markdown(title), false);
      const heading = screen.getByRole('heading', { name: 'Markdown' });
      expect(heading).toHaveClass('visually-hidden');
      expect(screen.getByRole('region', { name: 'Markdown' })).toBeInTheDocument();
      unmount();
    }
  });

  it('knows each type’s catalogue name before the WASM core loads ("Data List", not "Datalist")', () => {
    frame({ id: 'd1', type: 'datalist', title: 'Data List' } as Block, false);
    expect(screen.getByRole('heading', { name: 'Data List' })).toHaveClass('visually-hidden');
  });

  it('shows the placeholder title in the editor, and a chosen title to everyone', () => {
    const { unmount } = frame(markdown('Markdown'), true);
    expect(screen.getByRole('heading', { name: 'Markdown' })).not.toHaveClass('visually-hidden');
    unmount();
    frame(markdown('Opening hours'), false);
    expect(screen.getByRole('heading', { name: 'Opening hours' })).not.toHaveClass('visually-hidden');
  });
});

describe('BlockFrame menu', () => {
  it('puts a block’s menu on its title line, not on a line of the block', () => {
    render(
      <BlockFrame block={{ id: 'c1', type: 'chart', title: 'Sales' } as Block} className="board-block" sortable={false}>
        <div data-testid="body">
          <BlockMenu title="Sales" actions={[{ label: 'Download PDF', run: () => undefined }]} />
        </div>
      </BlockFrame>,
    );
    const header = screen.getByRole('heading', { name: 'Sales' }).parentElement!;
    expect(within(header).getByRole('button', { name: 'More actions: Sales' })).toBeInTheDocument();
    expect(within(screen.getByTestId('body')).queryByRole('button')).not.toBeInTheDocument();
  });
});
