import { render } from '@testing-library/react';
import { DocumentTitle, PRODUCT_TITLE, screenTitle, useDocumentTitle } from './useDocumentTitle';

function Titled({ title }: { title: string | null }) {
  useDocumentTitle(title);
  return null;
}

beforeEach(() => {
  document.title = 'Server title';
});

describe('useDocumentTitle', () => {
  it("names a screen, then the product's name", () => {
    expect(screenTitle('Dashboard')).toBe('Dashboard · Tessera');
    expect(screenTitle('  Log in ')).toBe('Log in · Tessera');
    expect(screenTitle(' ')).toBe(PRODUCT_TITLE);
  });

  it('sets the title while the screen shows, follows its changes and gives the product its title back', () => {
    const { rerender, unmount } = render(<Titled title="Dashboard · Tessera" />);
    expect(document.title).toBe('Dashboard · Tessera');
    rerender(<Titled title="Sales · Tessera" />);
    expect(document.title).toBe('Sales · Tessera');
    unmount();
    expect(document.title).toBe('Tessera');
  });

  it('leaves the title as it is while there is none yet (a board loading keeps the server-written one)', () => {
    const { rerender } = render(<Titled title={null} />);
    expect(document.title).toBe('Server title');
    rerender(<Titled title="  " />);
    expect(document.title).toBe('Server title');
    rerender(<Titled title="Harbour" />);
    expect(document.title).toBe('Harbour');
  });

  it("lets the next screen's title stand when the previous screen goes", () => {
    const { rerender } = render(<DocumentTitle key="a" title="Log in · Tessera" />);
    expect(document.title).toBe('Log in · Tessera');
    rerender(<DocumentTitle key="b" title="Dashboard · Tessera" />);
    expect(document.title).toBe('Dashboard · Tessera');
  });
});
