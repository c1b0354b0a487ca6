import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import RichTextEditor from './rich-text-editor';
import { RichTextField } from './rich-text-field';
import { isAllowedContentLink } from './rich-text-links';

function Editor({
  initial = '<p>Hello</p>',
  onChange = vi.fn(),
}: {
  initial?: string;
  onChange?: (html: string) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <button type="button">Before</button>
      <span id="body-label">Body</span>
      <RichTextEditor
        label="Body"
        labelId="body-label"
        value={value}
        onChange={(html) => {
          setValue(html);
          onChange(html);
        }}
        uploadImage={() => Promise.resolve({ src: '/img.png' })}
      />
      <button type="button" onClick={() => setValue('<p>Restored text</p>')}>
        Restore
      </button>
    </>
  );
}

// jsdom has no layout: ProseMirror's scroll-into-view asks for rectangles, which measure nothing here.
beforeAll(() => {
  const rect = () => new DOMRect(0, 0, 0, 0);
  const rects = () => Object.assign([rect()], { item: () => rect() }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = rect;
  Range.prototype.getClientRects = rects;
  Element.prototype.getClientRects = rects;
});

const toolbar = () => screen.getByRole('toolbar', { name: 'Body formatting' });
const textbox = () => screen.getByRole('textbox', { name: 'Body' });

describe('RichTextEditor', () => {
  it('names the text by its label and offers only the formats the public pages render', () => {
    render(<Editor />);
    expect(textbox()).toHaveAttribute('aria-multiline', 'true');
    const names = screen
      .getAllByRole('button', { hidden: false })
      .map((button) => button.getAttribute('aria-label'));
    expect(names.filter(Boolean)).toEqual([
      'Heading 2',
      'Heading 3',
      'Heading 4',
      'Bold',
      'Italic',
      'Bulleted list',
      'Numbered list',
      'Link',
      'Image',
      'Undo',
      'Redo',
    ]);
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('is one Tab stop for the toolbar, arrow keys inside it, and Tab again reaches the text', async () => {
    const user = userEvent.setup();
    render(<Editor />);
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Heading 2' })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'Redo' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Heading 2' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('button', { name: 'Redo' })).toHaveFocus();
    // Only one toolbar button is in the Tab order: the next Tab is the text itself.
    const tabbable = [...toolbar().querySelectorAll('button')].filter((button) => button.tabIndex === 0);
    expect(tabbable).toHaveLength(1);
    await user.tab();
    expect(textbox()).toHaveFocus();
  });

  it('lets Tab leave the text, even inside a list item that could be nested (no keyboard trap)', async () => {
    const user = userEvent.setup();
    render(<Editor initial="<ul><li><p>One</p></li><li><p>Two</p></li></ul>" />);
    act(() => textbox().focus());
    // The cursor into the second item, where Tab would nest it under the first.
    const two = screen.getByText('Two').firstChild as Text;
    act(() => {
      document.getSelection()?.collapse(two, 1);
      document.dispatchEvent(new Event('selectionchange'));
    });
    await waitFor(() => expect(document.getSelection()?.anchorNode).toBe(two));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Restore' })).toHaveFocus();
    expect(textbox().querySelectorAll('ul ul')).toHaveLength(0);
  });

  it('goes from the text to the toolbar with Alt+F10 and back with Escape', async () => {
    render(<Editor />);
    act(() => textbox().focus());
    fireEvent.keyDown(textbox(), { key: 'F10', altKey: true });
    expect(screen.getByRole('button', { name: 'Heading 2' })).toHaveFocus();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Heading 2' }), { key: 'Escape' });
    await waitFor(() => expect(textbox()).toHaveFocus());
  });

  it('formats from the toolbar, reports HTML and says which formats are on', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Editor onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Heading 2' }));
    expect(onChange).toHaveBeenLastCalledWith('<h2>Hello</h2>');
    expect(screen.getByRole('button', { name: 'Heading 2' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Heading 3' })).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('button', { name: 'Bulleted list' }));
    expect(onChange).toHaveBeenLastCalledWith('<ul><li><p>Hello</p></li></ul>');
    expect(screen.getByRole('button', { name: 'Bulleted list' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(onChange).toHaveBeenLastCalledWith('<h2>Hello</h2>');
  });

  it('takes a new value from outside (a restored revision) without reporting it back', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Editor onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(textbox()).toHaveTextContent('Restored text'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('opens the link dialog with Ctrl+K and refuses an address the site would not keep', async () => {
    const user = userEvent.setup();
    render(<Editor />);
    act(() => textbox().focus());
    fireEvent.keyDown(textbox(), { key: 'k', ctrlKey: true });
    const address = await screen.findByRole('textbox', { name: 'Address' });
    await user.type(address, 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(/Enter an address starting with https:\/\//)).toBeInTheDocument();
  });
});

describe('isAllowedContentLink', () => {
  it('keeps web addresses, mailto:, tel: and site paths, and nothing else', () => {
    for (const ok of [
      'https://example.com/a',
      'http://example.com',
      'mailto:a@b.com',
      'tel:+61390000000',
      '/faq',
    ])
      expect(isAllowedContentLink(ok), ok).toBe(true);
    for (const bad of ['javascript:alert(1)', '//evil.com', 'data:text/html,x', 'ftp://x', '', 'example.com'])
      expect(isAllowedContentLink(bad), bad).toBe(false);
  });
});

function FieldForm() {
  const form = useForm<{ body: string }>({ defaultValues: { body: '<p>Text</p>' } });
  return (
    <RichTextField control={form.control} name="body" label="Page body" helperText="What the page says." />
  );
}

describe('RichTextField', () => {
  it('loads the editor on first use and names it by the field label and helper text', async () => {
    render(
      <MemoryRouter>
        <FieldForm />
      </MemoryRouter>,
    );
    const text = await screen.findByRole('textbox', { name: 'Page body' });
    expect(text).toHaveAccessibleDescription('What the page says.');
    expect(screen.getByRole('toolbar', { name: 'Page body formatting' })).toBeInTheDocument();
  });
});
