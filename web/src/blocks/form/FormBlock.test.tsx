import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../api/errors';
import type { AuthUser, BoardBlock } from '../../generated/api';
import { useRowWritesStore } from '../../store/rowWritesStore';
import { useSessionStore } from '../../store/sessionStore';
import { fakeBlockSource } from '../../test/fakeBlockSource';
import { useBlockRows } from '../data/hooks';
import type { BlockRows, BlockSource, BlockView, RowsQuery, RowValues } from '../data/types';
import { ScorecardBlock } from '../scorecard/ScorecardBlock';
import { FormBlock } from './FormBlock';
import { viewBlockOf } from '../../test/viewBlocks';

function rows(list: Record<string, string>[]): BlockRows {
  return { columns: Object.keys(list[0] ?? {}), rows: list, total: list.length, page: 1, page_count: 1, version: 1 };
}

/** A BlockSource with every call faked. */
function baseSource() {
  return fakeBlockSource({
    rows: vi.fn(async (_block: BoardBlock, _query: RowsQuery, _signal?: AbortSignal) => rows([])),
    appendRow: vi.fn(async (_block: BoardBlock, _values: RowValues) => ({ record_id: 'r1', message: 'Data added to the spreadsheet' })),
    upload: vi.fn(async (_block: BoardBlock, _file: File, _column?: string) => '/api/uploads/abc-123'),
  });
}

/** The fake source, with the calls a test watches replaced. */
function fakeSource(overrides: Partial<BlockSource> = {}) {
  // Overrides are spies too (vi.fn), so the spies' type stays.
  return { ...baseSource(), ...overrides } as ReturnType<typeof baseSource>;
}

function form(settings: Record<string, unknown> = {}, axis: Record<string, unknown>[] = [{ column: 'Name' }]): BoardBlock {
  return { id: 'f1', type: 'form', sheet_title: 'Leads', axis, ...settings };
}

function signIn(email: string) {
  act(() => useSessionStore.setState({ status: 'user', user: { id: 'u1', email, name: 'Ada' } as AuthUser }));
}

const submit = (name = 'Submit') => userEvent.click(screen.getByRole('button', { name }));

describe('FormBlock', () => {
  it('styles the title from titleForm, title_alignment, title_font_size and title_bold', () => {
    const { rerender } = render(
      <FormBlock
        block={viewBlockOf('form', form({ titleForm: 'Join us', title_alignment: 'center', title_font_size: 30, title_bold: true }))}
        source={fakeSource()}
      />,
    );
    const title = screen.getByRole('heading', { name: 'Join us' });
    expect(title).toHaveStyle({ textAlign: 'center', fontSize: '30px', fontWeight: '700' });
    expect(screen.getByRole('form', { name: 'Join us' })).toBeInTheDocument();

    rerender(<FormBlock block={viewBlockOf('form', form({ titleForm: 'Join us' }))} source={fakeSource()} />);
    expect(screen.getByRole('heading', { name: 'Join us' })).toHaveStyle({ fontSize: '24px', fontWeight: '400' });

    rerender(<FormBlock block={viewBlockOf('form', form())} source={fakeSource()} />);
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  it('colours labels, inputs and the submit button from the settings', () => {
    const { rerender } = render(
      <FormBlock
        block={viewBlockOf(
          'form',
          form({
            labels_color: '#ff0000',
            input_color: '#222222',
            submit_button_color: '#00aa00',
            submit_button_text_color: '#ffff00',
            submit_text: 'Send it',
          }),
        )}
        source={fakeSource()}
      />,
    );
    expect(screen.getByText('Name')).toHaveStyle({ color: '#ff0000' });
    expect(screen.getByLabelText('Name')).toHaveStyle({ backgroundColor: '#222222', color: '#FFFFFF' });
    expect(screen.getByRole('button', { name: 'Send it' })).toHaveStyle({ backgroundColor: '#00aa00', color: '#ffff00' });

    rerender(<FormBlock block={viewBlockOf('form', form())} source={fakeSource()} />);
    // The catalogue's button colour is the board's accent, with the text the theme chose for it.
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveStyle({ backgroundColor: 'var(--accent)', color: 'var(--accent-text)' });
    // A button left at the default colour follows the accent even when stored so.
    rerender(<FormBlock block={viewBlockOf('form', form({ submit_button_color: '#4F46E5' }))} source={fakeSource()} />);
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveStyle({ backgroundColor: 'var(--accent)' });
  });

  it('shows the label, description and placeholder, "Type here.." by default', () => {
    render(
      <FormBlock
        block={viewBlockOf(
          'form',
          form({}, [
            { column: 'Name', label: 'Your name', description: 'As on your passport' },
            { column: 'City', placeholder: 'e.g. Lyon' },
          ]),
        )}
        source={fakeSource()}
      />,
    );
    const name = screen.getByLabelText('Your name');
    expect(name).toHaveAttribute('placeholder', 'Type here..');
    expect(name).toHaveAccessibleDescription('As on your passport');
    expect(screen.getByLabelText('City')).toHaveAttribute('placeholder', 'e.g. Lyon');
  });

  it('draws the control of each type', () => {
    const types = ['text', 'number', 'textarea', 'markdowntext', 'month', 'tel', 'time', 'url', 'week', 'email', 'date', 'datetime-local', 'file'];
    render(
      <FormBlock
        block={viewBlockOf(
          'form',
          form(
            {},
            types.map((type) => ({ column: type, type })),
          ),
        )}
        source={fakeSource()}
      />,
    );
    expect(screen.getByLabelText('text')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('number')).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByLabelText('textarea').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('markdowntext').tagName).toBe('TEXTAREA');
    for (const type of ['month', 'tel', 'time', 'url', 'week', 'email', 'date', 'datetime-local', 'file']) {
      expect(screen.getByLabelText(type)).toHaveAttribute('type', type);
    }
  });

  it('leaves hidden fields out of the form and sends only the defaults the server does not fill', async () => {
    const source = fakeSource();
    render(
      <FormBlock
        block={viewBlockOf(
          'form',
          form({}, [
            { column: 'Name' },
            { column: 'Channel', hide: true, default: 'web' },
            { column: 'By', hide: true, default: '[(user_email)]' },
            { column: 'Note', hide: true },
          ]),
        )}
        source={source}
      />,
    );
    expect(screen.queryByLabelText('Channel')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('By')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await submit();
    await waitFor(() => expect(source.appendRow).toHaveBeenCalledTimes(1));
    expect(source.appendRow.mock.calls[0][1]).toEqual({ Name: 'Ada', Channel: 'web' });
  });

  it('offers the fixed options, "true, false" by default', async () => {
    const source = fakeSource();
    render(
      <FormBlock
        block={viewBlockOf(
          'form',
          form({}, [
            { column: 'Agree', type: 'select' },
            { column: 'Size', type: 'select', options: 'S, M , L,' },
            { column: 'Toppings', type: 'multi-select', options: 'Ham, Olives' },
          ]),
        )}
        source={source}
      />,
    );
    const optionsOf = (label: string) =>
      within(screen.getByLabelText(label))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(optionsOf('Agree')).toEqual(['Choose…', 'true', 'false']);
    expect(optionsOf('Size')).toEqual(['Choose…', 'S', 'M', 'L']);
    const toppings = screen.getByRole('group', { name: 'Toppings' });
    expect(
      within(toppings)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Ham', 'Olives']);

    await userEvent.selectOptions(screen.getByLabelText('Size'), 'M');
    await userEvent.click(within(toppings).getByLabelText('Olives'));
    await userEvent.click(within(toppings).getByLabelText('Ham'));
    await submit();
    await waitFor(() => expect(source.appendRow).toHaveBeenCalled());
    expect(source.appendRow.mock.calls[0][1]).toEqual({ Agree: '', Size: 'M', Toppings: ['Olives', 'Ham'] });
    expect(source.rows).not.toHaveBeenCalled();
  });

  it('draws options from a sheet column, distinct and in sheet order', async () => {
    const source = fakeSource({
      rows: vi.fn(async () => rows([{ City: 'Lyon' }, { City: 'Paris' }, { City: 'Lyon' }, { City: '' }, { City: 'Nice' }])),
    });
    const block = form({}, [{ column: 'City', type: 'select', from_google_sheet: true, source: { sheet: 'Cities', column: 'City' }, options: 'x, y' }]);
    render(<FormBlock block={viewBlockOf('form', block)} source={source} />);
    await waitFor(() => expect(within(screen.getByLabelText('City')).getAllByRole('option')).toHaveLength(4));
    expect(
      within(screen.getByLabelText('City'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose…', 'Lyon', 'Paris', 'Nice']);
    expect(source.rows).toHaveBeenCalledTimes(1);
    expect(source.rows.mock.calls[0][0]).toEqual({ ...viewBlockOf('form', block), sheet_title: 'Cities' });
    expect(source.rows.mock.calls[0][1]).toEqual({ rowsPerPage: 0, choices: true });
  });

  it('says so at the field when the options sheet cannot be read', async () => {
    const source = fakeSource({ rows: vi.fn(async () => Promise.reject(new ApiError('The spreadsheet has no sheet `Cities`.', 404))) });
    render(
      <FormBlock
        block={viewBlockOf('form', form({}, [{ column: 'City', type: 'select', from_google_sheet: true, source: { sheet: 'Cities', column: 'City' } }]))}
        source={source}
      />,
    );
    expect(await screen.findByText('The options could not be loaded: The spreadsheet has no sheet `Cities`.')).toBeInTheDocument();
  });

  it('shows [(today)] as the viewer’s date and [(user_email)] as the signed-in address', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 21, 23, 30));
    try {
      signIn('ada@example.com');
      const source = fakeSource();
      render(
        <FormBlock
          block={viewBlockOf(
            'form',
            form({}, [
              { column: 'Day', type: 'date', default: '[(today)]' },
              { column: 'Email', type: 'email', default: '[(user_email)]' },
              { column: 'Note', default: 'Sent by [(user_email)] on [(today)]' },
            ]),
          )}
          source={source}
        />,
      );
      expect(screen.getByLabelText('Day')).toHaveValue('2026-11-21');
      expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
      expect(screen.getByLabelText('Note')).toHaveValue('Sent by ada@example.com on 2026-11-21');
      await submit();
      await waitFor(() => expect(source.appendRow).toHaveBeenCalled());
      expect(source.appendRow.mock.calls[0][1]).toEqual({ Day: '2026-11-21', Email: 'ada@example.com', Note: 'Sent by ada@example.com on 2026-11-21' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('fills [(user_email)] once the session arrives, and leaves it empty for a guest', () => {
    render(<FormBlock block={viewBlockOf('form', form({}, [{ column: 'Email', type: 'email', default: '[(user_email)]' }]))} source={fakeSource()} />);
    expect(screen.getByLabelText('Email')).toHaveValue('');
    signIn('bob@example.com');
    expect(screen.getByLabelText('Email')).toHaveValue('bob@example.com');
  });

  it('refuses a value its regex_validation refuses, at the field, and sends nothing', async () => {
    const source = fakeSource();
    render(<FormBlock block={viewBlockOf('form', form({}, [{ column: 'Zip', regex_validation: '^\\d{5}$' }]))} source={source} />);
    await userEvent.type(screen.getByLabelText('Zip'), '123');
    await submit();
    const zip = screen.getByLabelText('Zip');
    expect(zip).toHaveAccessibleDescription('Zip is not in the expected format.');
    expect(zip).toHaveAttribute('aria-invalid', 'true');
    expect(zip).toHaveFocus();
    expect(source.appendRow).not.toHaveBeenCalled();

    await userEvent.type(zip, '45');
    expect(zip).not.toHaveAttribute('aria-invalid');
    await submit();
    await waitFor(() => expect(source.appendRow).toHaveBeenCalledWith(expect.anything(), { Zip: '12345' }));
  });

  it('reads a JavaScript-style /pattern/i and the block’s own pattern message', async () => {
    const source = fakeSource();
    render(
      <FormBlock
        block={viewBlockOf('form', form({}, [{ column: 'Code', regex_validation: '/^ab$/i', validation_message: 'Two letters: AB.' }]))}
        source={source}
      />,
    );
    await userEvent.type(screen.getByLabelText('Code'), 'abc');
    await submit();
    expect(screen.getByLabelText('Code')).toHaveAccessibleDescription('Two letters: AB.');
    await userEvent.clear(screen.getByLabelText('Code'));
    await userEvent.type(screen.getByLabelText('Code'), 'AB');
    await submit();
    await waitFor(() => expect(source.appendRow).toHaveBeenCalledWith(expect.anything(), { Code: 'AB' }));
  });

  it('checks required, e-mail, web address and number fields at the field', async () => {
    const source = fakeSource();
    render(
      <FormBlock
        block={viewBlockOf(
          'form',
          form({}, [
            { column: 'Name', required: true },
            { column: 'Email', type: 'email' },
            { column: 'Site', type: 'url' },
            { column: 'Age', type: 'number' },
          ]),
        )}
        source={source}
      />,
    );
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example');
    await userEvent.type(screen.getByLabelText('Site'), 'example.com');
    await userEvent.type(screen.getByLabelText('Age'), 'twelve');
    await submit();
    expect(screen.getByLabelText(/Name/)).toHaveAccessibleDescription('Name is required.');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email must be an e-mail address such as name@example.com.');
    expect(screen.getByLabelText('Site')).toHaveAccessibleDescription('Site must be a web address starting with http:// or https://.');
    expect(screen.getByLabelText('Age')).toHaveAccessibleDescription('Age must be a number.');
    expect(source.appendRow).not.toHaveBeenCalled();
    // Nothing typed is lost.
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example');

    await userEvent.type(screen.getByLabelText(/Name/), 'Ada');
    await userEvent.type(screen.getByLabelText('Email'), '.org');
    await userEvent.clear(screen.getByLabelText('Site'));
    await userEvent.type(screen.getByLabelText('Site'), 'https://example.com');
    await userEvent.clear(screen.getByLabelText('Age'));
    await userEvent.type(screen.getByLabelText('Age'), '3,5');
    await submit();
    await waitFor(() =>
      expect(source.appendRow).toHaveBeenCalledWith(expect.anything(), { Name: 'Ada', Email: 'ada@example.org', Site: 'https://example.com', Age: '3,5' }),
    );
  });

  it('accepts the file types of file_mime_type, images by default', () => {
    render(
      <FormBlock
        block={viewBlockOf(
          'form',
          form({}, [
            { column: 'Photo', type: 'file' },
            { column: 'CV', type: 'file', file_mime_type: '.pdf' },
            { column: 'Any', type: 'file', file_mime_type: '*' },
          ]),
        )}
        source={fakeSource()}
      />,
    );
    expect(screen.getByLabelText('Photo')).toHaveAttribute('accept', 'image/*');
    expect(screen.getByLabelText('CV')).toHaveAttribute('accept', '.pdf');
    expect(screen.getByLabelText('Any')).not.toHaveAttribute('accept');
    expect(screen.getByLabelText('Photo')).not.toHaveAttribute('placeholder');
  });

  it('refuses an image over 5 MB before uploading anything', async () => {
    const source = fakeSource();
    render(<FormBlock block={viewBlockOf('form', form({}, [{ column: 'Photo', type: 'file' }]))} source={source} />);
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    await userEvent.upload(screen.getByLabelText('Photo'), big);
    expect(screen.getByLabelText('Photo')).toHaveAccessibleDescription('Images must be under 5 MB');
    await submit();
    expect(screen.getByLabelText('Photo')).toHaveAccessibleDescription('Images must be under 5 MB');
    expect(source.upload).not.toHaveBeenCalled();
    expect(source.appendRow).not.toHaveBeenCalled();
  });

  it('uploads the chosen file, then appends the row with its address', async () => {
    const source = fakeSource();
    const block = viewBlockOf('form', form({}, [{ column: 'Name' }, { column: 'Photo', type: 'file' }]));
    render(<FormBlock block={viewBlockOf('form', block)} source={source} />);
    const photo = new File(['png'], 'me.png', { type: 'image/png' });
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await userEvent.upload(screen.getByLabelText('Photo'), photo);
    await submit();
    await waitFor(() => expect(source.appendRow).toHaveBeenCalledWith(block, { Name: 'Ada', Photo: '/api/uploads/abc-123' }));
    expect(source.upload).toHaveBeenCalledWith(block, photo, 'Photo');
    expect(source.upload.mock.invocationCallOrder[0]).toBeLessThan(source.appendRow.mock.invocationCallOrder[0]);
  });

  it('shows an upload refusal at the file field and appends nothing', async () => {
    const source = fakeSource({
      upload: vi.fn(async () => Promise.reject(new ApiError('This field accepts image/*; the file is text/plain (read from its contents).', 422, 'file'))),
    });
    render(<FormBlock block={viewBlockOf('form', form({}, [{ column: 'Photo', type: 'file' }]))} source={source} />);
    await userEvent.upload(screen.getByLabelText('Photo'), new File(['hi'], 'fake.png', { type: 'image/png' }));
    await submit();
    expect(await screen.findByText('This field accepts image/*; the file is text/plain (read from its contents).')).toBeInTheDocument();
    expect(screen.getByLabelText('Photo')).toHaveAttribute('aria-invalid', 'true');
    expect(source.appendRow).not.toHaveBeenCalled();
  });

  it('shows the server’s success message, the default one, and empties the form', async () => {
    const source = fakeSource();
    render(<FormBlock block={viewBlockOf('form', form({}, [{ column: 'Name', default: 'Anonymous' }]))} source={source} />);
    const name = screen.getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Ada');
    await submit();
    expect(await screen.findByRole('status')).toHaveTextContent('Data added to the spreadsheet');
    expect(name).toHaveValue('Anonymous');
  });

  it('shows a custom submit_success, from the server or the block', async () => {
    const source = fakeSource({ appendRow: vi.fn(async () => ({ record_id: 'r2', message: 'Thanks, see you soon!' })) });
    const { unmount } = render(<FormBlock block={viewBlockOf('form', form({ submit_success: 'Thanks, see you soon!' }))} source={source} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await submit();
    expect(await screen.findByRole('status')).toHaveTextContent('Thanks, see you soon!');
    unmount();

    const quiet = fakeSource({ appendRow: vi.fn(async () => ({ record_id: 'r3', message: '' })) });
    render(<FormBlock block={viewBlockOf('form', form({ submit_success: 'Got it.' }))} source={quiet} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await submit();
    expect(await screen.findByRole('status')).toHaveTextContent('Got it.');
  });

  it('shows a 422 at the field it names and keeps what was typed', async () => {
    const source = fakeSource({ appendRow: vi.fn(async () => Promise.reject(new ApiError('`Size` must be one of: S, M; got `XL`.', 422, 'Size'))) });
    render(<FormBlock block={viewBlockOf('form', form({}, [{ column: 'Name' }, { column: 'Size' }]))} source={source} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Size'), 'XL');
    await submit();
    await waitFor(() => expect(screen.getByLabelText('Size')).toHaveAccessibleDescription('`Size` must be one of: S, M; got `XL`.'));
    expect(screen.getByLabelText('Size')).toHaveFocus();
    expect(screen.getByLabelText('Name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Size')).toHaveValue('XL');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows other refusals above the submit button', async () => {
    const source = fakeSource({ appendRow: vi.fn(async () => Promise.reject(new ApiError('This form does not let you add rows.', 403))) });
    render(<FormBlock block={viewBlockOf('form', form({}, [{ column: 'Name' }, { column: 'Secret', hide: true, default: 'x' }]))} source={source} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('This form does not let you add rows.');
    expect(screen.getByLabelText('Name')).toHaveValue('Ada');

    source.appendRow.mockImplementationOnce(async () => Promise.reject(new ApiError('`Secret` is required.', 422, 'Secret')));
    await submit();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('`Secret` is required.'));
  });

  it('marks a required field, visibly and for assistive technology, and refuses it blank at the field', async () => {
    const source = fakeSource();
    render(
      <FormBlock
        block={viewBlockOf(
          'form',
          form({}, [
            { column: 'Name', label: 'Your name', required: true },
            { column: 'Email', type: 'email' },
          ]),
        )}
        source={source}
      />,
    );
    const name = screen.getByRole('textbox', { name: 'Your name' });
    expect(name).toHaveAttribute('aria-required', 'true');
    expect(name).toBeRequired();
    expect(screen.getByText('Your name').closest('label')).toHaveTextContent('Your name *');
    expect(screen.getByText('Fields marked * are required.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).not.toBeRequired();

    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(name, '   ');
    await submit();
    expect(name).toHaveAccessibleDescription('Your name is required.');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    expect(source.appendRow).not.toHaveBeenCalled();

    await userEvent.type(name, 'Ada');
    await submit();
    await waitFor(() => expect(source.appendRow).toHaveBeenCalledWith(expect.anything(), { Name: '   Ada', Email: 'ada@example.com' }));
  });

  it('shows no required note on a form without required fields', () => {
    render(<FormBlock block={viewBlockOf('form', form())} source={fakeSource()} />);
    expect(screen.queryByText('Fields marked * are required.')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-required');
  });

  it('refuses a required file field without a file', async () => {
    const source = fakeSource();
    render(
      <FormBlock
        block={viewBlockOf('form', form({}, [{ column: 'Name' }, { column: 'CV', type: 'file', file_mime_type: '.pdf', required: true }]))}
        source={source}
      />,
    );
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await submit();
    expect(screen.getByLabelText(/CV/)).toHaveAccessibleDescription('CV is required.');
    expect(source.upload).not.toHaveBeenCalled();
    expect(source.appendRow).not.toHaveBeenCalled();

    await userEvent.upload(screen.getByLabelText(/CV/), new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    await submit();
    await waitFor(() => expect(source.appendRow).toHaveBeenCalledWith(expect.anything(), { Name: 'Ada', CV: '/api/uploads/abc-123' }));
  });

  it('refuses an answer with nothing filled in, above the button, and sends nothing', async () => {
    const source = fakeSource();
    render(
      <FormBlock
        block={viewBlockOf(
          'form',
          form({}, [
            { column: 'Name', required: true },
            { column: 'Email', type: 'email' },
            { column: 'Channel', hide: true, default: 'web' },
          ]),
        )}
        source={source}
      />,
    );
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Fill in at least one field before sending.');
    expect(screen.getByLabelText(/Name/)).toHaveFocus();
    // The whole form is at fault, not one field.
    expect(screen.getByLabelText(/Name/)).not.toHaveAttribute('aria-invalid');

    await userEvent.type(screen.getByLabelText('Email'), ' \u00a0 ');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Fill in at least one field before sending.');
    expect(source.appendRow).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText(/Name/), 'Ada');
    await submit();
    await waitFor(() => expect(source.appendRow).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends a form whose fields are all hidden: a one-click answer', async () => {
    const source = fakeSource();
    render(<FormBlock block={viewBlockOf('form', form({}, [{ column: 'On', hide: true, default: '[(today)]' }]))} source={source} />);
    await submit();
    await waitFor(() => expect(source.appendRow).toHaveBeenCalledWith(expect.anything(), {}));
  });

  it('after an answer is added, the board’s other blocks read their data again at once, without a loading flash', async () => {
    const stored = [{ Name: 'Ada' }];
    const cards = (): BlockView => ({ kind: 'scorecard', cards: [{ label: 'Answers', formatted: String(stored.length) }] });
    // The answer is added when the test says, so it can watch the refresh that follows.
    let added = () => {};
    const source = fakeSource({
      rows: vi.fn(async () => rows([...stored])),
      view: vi.fn(async () => cards()),
      appendRow: vi.fn(
        (_block: BoardBlock, values: RowValues) =>
          new Promise<{ record_id: string; message: string }>((resolve) => {
            added = () => {
              stored.push({ Name: String(values.Name) });
              resolve({ record_id: 'r2', message: 'Data added to the spreadsheet' });
            };
          }),
      ),
    });
    const table = viewBlockOf('table', { id: 't1', sheet_title: 'Leads' });
    function RowCount() {
      const { load } = useBlockRows(table, source, {});
      return <p data-testid="rows">{load.status === 'ready' ? `${load.answer.total} rows` : load.status}</p>;
    }
    const { unmount } = render(
      <>
        <ScorecardBlock block={viewBlockOf('scorecard', { id: 's1', sheet_title: 'Leads', axis: [{ label: 'Answers' }] })} source={source} />
        <RowCount />
        <FormBlock block={viewBlockOf('form', form())} source={source} />
      </>,
    );
    expect(await screen.findByText('1 rows')).toBeInTheDocument();
    expect(await screen.findByText('1', { selector: '.scorecard-block-value' })).toBeInTheDocument();
    const [reads, views] = [source.rows.mock.calls.length, source.view.mock.calls.length];

    const shown: string[] = [];
    const watch = new MutationObserver(() => shown.push(screen.getByTestId('rows').textContent ?? ''));
    watch.observe(screen.getByTestId('rows'), { childList: true, characterData: true, subtree: true });
    await userEvent.type(screen.getByLabelText('Name'), 'Bob');
    await submit();
    expect(source.rows.mock.calls.length).toBe(reads);
    // Added while findByText waits, so the refresh it starts is what the wait sees.
    const refreshed = screen.findByText('2 rows');
    added();
    expect(await refreshed).toBeInTheDocument();
    expect(await screen.findByText('2', { selector: '.scorecard-block-value' })).toBeInTheDocument();
    watch.disconnect();
    expect(shown).not.toContain('loading');
    expect(source.rows.mock.calls.length).toBe(reads + 1);
    expect(source.view.mock.calls.length).toBe(views + 1);
    // Gone before the stores are reset after the test, which would be another write to follow.
    unmount();
  });

  it('refreshes nothing when the answer is refused', async () => {
    const source = fakeSource({ appendRow: vi.fn(async () => Promise.reject(new ApiError('Fill in at least one field before sending.', 400))) });
    const before = useRowWritesStore.getState().written;
    render(<FormBlock block={viewBlockOf('form', form())} source={source} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Fill in at least one field before sending.');
    expect(useRowWritesStore.getState().written).toBe(before);
  });
});
