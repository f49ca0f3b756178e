import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ImageAccordionBlock } from './ImageAccordionBlock';
import { blockOf, CHEAP, EXTRA, PHOTO, SAFE, SPEED } from './testFeatures';
import { viewBlockOf } from '../../test/viewBlocks';

function renderAccordion(settings: Record<string, unknown>) {
  const view = render(<ImageAccordionBlock block={viewBlockOf('imageAccordian', blockOf('imageAccordian', settings))} />);
  return { user: userEvent.setup(), ...view };
}

const panel = (name: string) => screen.getByRole('button', { name });
/** The name of the one open panel (getByRole fails if more than one is open). */
const expanded = () => screen.getByRole('button', { expanded: true });

describe('the imageAccordian block', () => {
  it('shows at most four panels, the first open with its title and description', () => {
    renderAccordion({ features: [SPEED, SAFE, PHOTO, CHEAP, EXTRA] });
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-expanded'))).toEqual(['true', 'false', 'false', 'false']);
    expect(screen.queryByRole('button', { name: 'Extra' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Fast' })).toHaveTextContent('Loads in a blink.');
    expect(screen.queryByText('Locked down.')).not.toBeVisible();
    expect(panel('Fast').closest('li')).toHaveClass('accordion-open');
  });

  it('opens a panel when it is clicked, pointed at or focused', async () => {
    const { user } = renderAccordion({ features: [SPEED, SAFE, PHOTO] });
    await user.click(panel('Safe'));
    expect(expanded()).toHaveAccessibleName('Safe');
    expect(screen.getByRole('region', { name: 'Safe' })).toHaveTextContent('Locked down.');
    await user.hover(panel('Team'));
    expect(expanded()).toHaveAccessibleName('Team');
    // Focus is on Safe since its click; Shift+Tab moves it to Fast.
    await user.tab({ shift: true });
    expect(panel('Fast')).toHaveFocus();
    expect(expanded()).toHaveAccessibleName('Fast');
  });

  it('moves between panels with the arrow keys, wrapping, and Home and End', async () => {
    const { user } = renderAccordion({ features: [SPEED, SAFE, PHOTO, CHEAP] });
    await user.tab();
    await user.keyboard('{ArrowRight}');
    expect(panel('Safe')).toHaveFocus();
    expect(expanded()).toHaveAccessibleName('Safe');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(panel('Cheap')).toHaveFocus();
    expect(expanded()).toHaveAccessibleName('Cheap');
    await user.keyboard('{ArrowDown}');
    expect(expanded()).toHaveAccessibleName('Fast');
    await user.keyboard('{End}');
    expect(panel('Cheap')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(panel('Fast')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(expanded()).toHaveAccessibleName('Cheap');
  });

  it('names a panel without a title by its place', () => {
    renderAccordion({ features: [{ iconType: 'image', icon: 'https://img.example/a.png' }] });
    expect(panel('Feature 1')).toHaveAttribute('aria-expanded', 'true');
  });

  it('opens the last panel when the open one is removed', async () => {
    const { user, rerender } = renderAccordion({ features: [SPEED, SAFE, PHOTO] });
    await user.click(panel('Team'));
    rerender(<ImageAccordionBlock block={viewBlockOf('imageAccordian', blockOf('imageAccordian', { features: [SPEED, SAFE] }))} />);
    expect(expanded()).toHaveAccessibleName('Safe');
  });

  it('draws each icon type in its panel', () => {
    const { container } = renderAccordion({ features: [PHOTO, SPEED, SAFE] });
    expect(container.querySelector('.feature-media-image img')).toHaveAttribute('src', 'https://img.example/team.png');
    expect(panel('Fast')).toHaveTextContent('⚡');
    expect(container.querySelector('.feature-media-fontawesome [data-icon="fa-solid fa-shield"]')).toBeInTheDocument();
  });

  it('offers Learn More under the panels, linked only to http(s)', () => {
    const { rerender } = renderAccordion({ features: [SPEED], learn_more_text: 'More', learn_more_link: 'http://example.com' });
    expect(screen.getByRole('link', { name: 'More' })).toHaveAttribute('href', 'http://example.com/');
    rerender(
      <ImageAccordionBlock
        block={viewBlockOf('imageAccordian', blockOf('imageAccordian', { features: [SPEED], learn_more_text: 'More', learn_more_link: 'javascript:void(0)' }))}
      />,
    );
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('More')).toBeInTheDocument();
  });

  it('says there are no features yet', () => {
    renderAccordion({ features: [null, 3] });
    expect(screen.getByText('No features yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
