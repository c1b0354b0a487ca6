/**
 * The editor's toolbar (WAI-ARIA toolbar pattern): one Tab stop, arrow keys, Home and End move between
 * its buttons; each button has a name and, when it formats, says whether it is on (aria-pressed).
 */
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import LinkIcon from '@mui/icons-material/Link';
import RedoIcon from '@mui/icons-material/Redo';
import UndoIcon from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { forwardRef, useImperativeHandle, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface ToolbarButton {
  key: string;
  label: string;
  /** The keyboard shortcut, shown in the tooltip. */
  shortcut?: string;
  icon: ReactNode;
  /** Present for buttons that toggle a format: whether it is on where the cursor is. */
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
  /** A divider before this button. */
  groupStart?: boolean;
}

export interface ToolbarHandle {
  focus: () => void;
}

const headingIcon = (level: number) => (
  <Box component="span" sx={{ fontWeight: 700, fontSize: '0.875rem', minWidth: 24 }} aria-hidden>
    H{level}
  </Box>
);

export const toolbarIcons = {
  heading: headingIcon,
  bold: <FormatBoldIcon fontSize="small" />,
  italic: <FormatItalicIcon fontSize="small" />,
  bulletList: <FormatListBulletedIcon fontSize="small" />,
  orderedList: <FormatListNumberedIcon fontSize="small" />,
  link: <LinkIcon fontSize="small" />,
  image: <ImageOutlinedIcon fontSize="small" />,
  undo: <UndoIcon fontSize="small" />,
  redo: <RedoIcon fontSize="small" />,
};

interface RichTextToolbarProps {
  label: string;
  buttons: readonly ToolbarButton[];
  controls: string;
  /** Escape: back to the text. */
  onEscape: () => void;
}

export const RichTextToolbar = forwardRef<ToolbarHandle, RichTextToolbarProps>(function RichTextToolbar(
  { label, buttons, controls, onEscape },
  ref,
) {
  const [current, setCurrent] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  // The next usable button from `index` in `step`'s direction, wrapping round.
  const moveTo = (index: number, step: 1 | -1) => {
    for (let tries = 0; tries < buttons.length; tries += 1) {
      const next = (((index + step * tries) % buttons.length) + buttons.length) % buttons.length;
      if (buttons[next]?.disabled) continue;
      setCurrent(next);
      refs.current[next]?.focus();
      return;
    }
  };
  // The Tab stop: the last button used, or the first that can be used when that one is disabled.
  const stop = buttons[current]?.disabled
    ? Math.max(
        0,
        buttons.findIndex((b) => !b.disabled),
      )
    : current;
  useImperativeHandle(ref, () => ({ focus: () => refs.current[stop]?.focus() }), [stop]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, () => void> = {
      ArrowRight: () => moveTo(stop + 1, 1),
      ArrowLeft: () => moveTo(stop - 1, -1),
      Home: () => moveTo(0, 1),
      End: () => moveTo(buttons.length - 1, -1),
      Escape: onEscape,
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };

  return (
    <Box
      role="toolbar"
      aria-label={`${label} formatting`}
      aria-controls={controls}
      onKeyDown={onKeyDown}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 0.25,
        px: 0.5,
        py: 0.25,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'grey.50',
      }}
    >
      {buttons.map((button, index) => (
        <Box key={button.key} sx={{ display: 'contents' }}>
          {button.groupStart && <Divider orientation="vertical" flexItem sx={{ mx: 0.5, my: 0.5 }} />}
          <Tooltip title={button.shortcut ? `${button.label} (${button.shortcut})` : button.label}>
            <span>
              <IconButton
                ref={(element) => {
                  refs.current[index] = element;
                }}
                size="small"
                aria-label={button.label}
                aria-pressed={button.pressed}
                aria-keyshortcuts={button.shortcut?.replace('Ctrl', 'Control')}
                disabled={button.disabled}
                tabIndex={index === stop ? 0 : -1}
                onFocus={() => setCurrent(index)}
                // Keep the editor's selection: the button acts on it.
                onMouseDown={(event) => event.preventDefault()}
                onClick={button.onClick}
                sx={{
                  borderRadius: 1,
                  color: button.pressed ? 'primary.main' : 'text.primary',
                  bgcolor: button.pressed ? 'rgba(15, 45, 82, 0.1)' : undefined,
                }}
              >
                {button.icon}
              </IconButton>
            </span>
          </Tooltip>
        </Box>
      ))}
    </Box>
  );
});
