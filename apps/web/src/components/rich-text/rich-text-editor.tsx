/**
 * The content editor (issue 25): TipTap (ProseMirror) limited to what the public pages render and the
 * server's sanitiser keeps: headings 2 to 4, paragraphs, bold, italic, bulleted and numbered lists,
 * links (http(s), mailto:, tel:, site paths) and uploaded images. Its own chunk: only the Content
 * screens load it (see rich-text-field.tsx).
 *
 * Keyboard: Tab reaches the toolbar (one stop, arrow keys inside), Tab again the text, Tab once more
 * leaves it (also inside a list); the usual
 * shortcuts (Ctrl+B, Ctrl+I, Ctrl+Shift+7/8, Ctrl+Z) plus Ctrl+K for a link; Alt+F10 from the text goes
 * back to the toolbar, Escape in the toolbar back to the text.
 */
import Box from '@mui/material/Box';
import Image from '@tiptap/extension-image';
import { ListItem } from '@tiptap/extension-list';
import { closeHistory } from '@tiptap/pm/history';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, useState } from 'react';
import { ImageDialog, LinkDialog, type ImageUploader } from './rich-text-dialogs';
import { editorValue, isAllowedContentLink } from './rich-text-links';
import { RichTextToolbar, toolbarIcons, type ToolbarButton, type ToolbarHandle } from './rich-text-toolbar';

export interface RichTextEditorProps {
  /** The field's visible label (also the toolbar's name). */
  label: string;
  labelId: string;
  describedBy?: string;
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  invalid?: boolean;
  /** With an uploader the toolbar has Image. */
  uploadImage?: ImageUploader;
  /** Taller for a page's body, shorter for an accordion answer. */
  minHeight?: number;
}

/**
 * List items without Tab and Shift+Tab (nesting): Tab keeps moving the focus out of the text, so the
 * editor never traps a keyboard user, and the public pages show flat lists anyway.
 */
const FlatListItem = ListItem.extend({
  addKeyboardShortcuts() {
    return { Enter: () => this.editor.commands.splitListItem(this.name) };
  },
});

const extensions = [
  StarterKit.configure({
    listItem: false,
    heading: { levels: [2, 3, 4] },
    blockquote: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    // No empty paragraph kept after the last block: the stored HTML is what was written.
    trailingNode: false,
    strike: false,
    underline: false,
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      protocols: ['mailto', 'tel'],
      isAllowedUri: (url) => isAllowedContentLink(url),
    },
  }),
  FlatListItem,
  Image.configure({ inline: false, allowBase64: false }),
];

function toolbarButtons(
  editor: Editor,
  state: Record<string, boolean>,
  open: { link: () => void; image?: () => void },
): ToolbarButton[] {
  // Each button press is an undo step of its own, however quickly it follows the last change (typing is
  // grouped by the history's pause as usual): Undo after a list takes the list away, not the heading too.
  const chain = () =>
    editor
      .chain()
      .focus()
      .command(({ tr }) => {
        closeHistory(tr);
        return true;
      });
  const buttons: ToolbarButton[] = [2, 3, 4].map((level) => ({
    key: `h${level}`,
    label: `Heading ${level}`,
    shortcut: `Ctrl+Alt+${level}`,
    icon: toolbarIcons.heading(level),
    pressed: state[`h${level}`] ?? false,
    onClick: () =>
      chain()
        .toggleHeading({ level: level as 2 | 3 | 4 })
        .run(),
  }));
  buttons.push(
    {
      key: 'bold',
      label: 'Bold',
      shortcut: 'Ctrl+B',
      icon: toolbarIcons.bold,
      pressed: state.bold ?? false,
      groupStart: true,
      onClick: () => chain().toggleBold().run(),
    },
    {
      key: 'italic',
      label: 'Italic',
      shortcut: 'Ctrl+I',
      icon: toolbarIcons.italic,
      pressed: state.italic ?? false,
      onClick: () => chain().toggleItalic().run(),
    },
    {
      key: 'bulletList',
      label: 'Bulleted list',
      shortcut: 'Ctrl+Shift+8',
      icon: toolbarIcons.bulletList,
      pressed: state.bulletList ?? false,
      groupStart: true,
      onClick: () => chain().toggleBulletList().run(),
    },
    {
      key: 'orderedList',
      label: 'Numbered list',
      shortcut: 'Ctrl+Shift+7',
      icon: toolbarIcons.orderedList,
      pressed: state.orderedList ?? false,
      onClick: () => chain().toggleOrderedList().run(),
    },
    {
      key: 'link',
      label: 'Link',
      shortcut: 'Ctrl+K',
      icon: toolbarIcons.link,
      pressed: state.link ?? false,
      groupStart: true,
      onClick: open.link,
    },
  );
  if (open.image)
    buttons.push({ key: 'image', label: 'Image', icon: toolbarIcons.image, onClick: open.image });
  buttons.push(
    {
      key: 'undo',
      label: 'Undo',
      shortcut: 'Ctrl+Z',
      icon: toolbarIcons.undo,
      groupStart: true,
      onClick: () => editor.chain().focus().undo().run(),
    },
    {
      key: 'redo',
      label: 'Redo',
      shortcut: 'Ctrl+Shift+Z',
      icon: toolbarIcons.redo,
      onClick: () => editor.chain().focus().redo().run(),
    },
  );
  return buttons;
}

export default function RichTextEditor({
  label,
  labelId,
  describedBy,
  value,
  onChange,
  onBlur,
  invalid,
  uploadImage,
  minHeight = 160,
}: RichTextEditorProps) {
  const contentId = `${labelId}-text`;
  const toolbar = useRef<ToolbarHandle>(null);
  const [dialog, setDialog] = useState<'link' | 'image' | null>(null);
  // The HTML this editor last reported: a new `value` from outside (a reset, a restore) replaces the text.
  const emitted = useRef(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const editor = useEditor({
    extensions,
    content: value,
    editorProps: {
      attributes: {
        id: contentId,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        class: 'rich-text-content',
      },
      handleKeyDown: (_view, event) => {
        if (event.altKey && event.key === 'F10') {
          event.preventDefault();
          toolbar.current?.focus();
          return true;
        }
        if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
          event.preventDefault();
          setDialog('link');
          return true;
        }
        return false;
      },
    },
    onUpdate: ({ editor: current }) => {
      const html = editorValue(current.getHTML(), current.isEmpty);
      emitted.current = html;
      onChangeRef.current(html);
    },
    onBlur: () => onBlur?.(),
  });

  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [value, editor]);

  useEffect(() => {
    editor.setOptions({
      editorProps: {
        ...editor.options.editorProps,
        attributes: {
          ...(editor.options.editorProps.attributes as Record<string, string>),
          'aria-invalid': invalid ? 'true' : 'false',
        },
      },
    });
  }, [editor, invalid]);

  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      h4: current.isActive('heading', { level: 4 }),
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      link: current.isActive('link'),
    }),
  });

  const close = () => {
    setDialog(null);
    editor.commands.focus();
  };
  const buttons = toolbarButtons(editor, state, {
    link: () => setDialog('link'),
    image: uploadImage ? () => setDialog('image') : undefined,
  });
  const currentLink = (editor.getAttributes('link').href as string | undefined) ?? '';

  return (
    <Box
      sx={{
        border: 1,
        borderColor: invalid ? 'error.main' : 'rgba(0, 0, 0, 0.23)',
        borderRadius: 1,
        overflow: 'hidden',
        '&:focus-within': { borderColor: invalid ? 'error.main' : 'primary.main', boxShadow: 1 },
      }}
    >
      <RichTextToolbar
        ref={toolbar}
        label={label}
        buttons={buttons}
        controls={contentId}
        onEscape={() => editor.commands.focus()}
      />
      <Box
        sx={{
          '& .rich-text-content': {
            minHeight,
            px: 1.5,
            py: 1,
            outline: 'none',
            typography: 'body1',
            '& h2': { typography: 'h4', mt: 2, mb: 1 },
            '& h3': { typography: 'h5', mt: 2, mb: 1 },
            '& h4': { typography: 'h6', mt: 1.5, mb: 0.5 },
            '& p': { my: 1 },
            '& ul, & ol': { pl: 3 },
            '& a': { color: 'primary.light', textDecoration: 'underline' },
            '& img': { maxWidth: '100%', height: 'auto', borderRadius: 1 },
            '& img.ProseMirror-selectednode': { outline: 2, outlineColor: 'primary.main' },
          },
        }}
      >
        <EditorContent editor={editor} />
      </Box>
      {dialog === 'link' && (
        <LinkDialog
          open
          initial={currentLink}
          onClose={close}
          onRemove={() => {
            editor.chain().focus().extendMarkRange('link').unsetLink().run();
            setDialog(null);
          }}
          onSave={(href) => {
            const chain = editor.chain().focus().extendMarkRange('link');
            // With nothing selected the address itself becomes the link's text.
            if (editor.state.selection.empty && !currentLink)
              chain
                .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
                .run();
            else chain.setLink({ href }).run();
            setDialog(null);
          }}
        />
      )}
      {dialog === 'image' && uploadImage && (
        <ImageDialog
          open
          upload={uploadImage}
          onClose={close}
          onInsert={(image) => {
            editor.chain().focus().setImage(image).run();
            setDialog(null);
          }}
        />
      )}
    </Box>
  );
}
