import { type ChainedCommands, type Editor, useEditorState } from '@tiptap/react';
import { Fragment, type ReactNode } from 'react';

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** What the toolbar reads from the editor to show each button's state. */
type ToolState = Record<
  'h2' | 'h3' | 'bold' | 'italic' | 'bullet' | 'ordered' | 'link' | 'canUndo' | 'canRedo',
  boolean
>;

/** A button of the toolbar, as the table below describes it. */
interface ToolSpec {
  label: string;
  /** The shortcut after the platform's modifier key (Ctrl or ⌘), such as 'Alt+2'. */
  shortcut?: string;
  /** The state that shows it pressed (a toggle), or that it can be used (undo, redo). */
  pressed?: keyof ToolState;
  enabled?: keyof ToolState;
  /** What it does to the text, or the dialog it opens. */
  run: ((chain: ChainedCommands) => ChainedCommands) | 'link' | 'image';
  children: ReactNode;
}

/** The toolbar's buttons, in groups: headings, emphasis, lists, link and picture, undo and redo. */
const TOOLS: readonly (readonly ToolSpec[])[] = [
  [
    {
      label: 'Heading 2',
      shortcut: 'Alt+2',
      pressed: 'h2',
      run: (c) => c.toggleHeading({ level: 2 }),
      children: 'H2',
    },
    {
      label: 'Heading 3',
      shortcut: 'Alt+3',
      pressed: 'h3',
      run: (c) => c.toggleHeading({ level: 3 }),
      children: 'H3',
    },
  ],
  [
    { label: 'Bold', shortcut: 'B', pressed: 'bold', run: (c) => c.toggleBold(), children: <b>B</b> },
    { label: 'Italic', shortcut: 'I', pressed: 'italic', run: (c) => c.toggleItalic(), children: <i>I</i> },
  ],
  [
    {
      label: 'Bullet list',
      shortcut: 'Shift+8',
      pressed: 'bullet',
      run: (c) => c.toggleBulletList(),
      children: '• List',
    },
    {
      label: 'Numbered list',
      shortcut: 'Shift+7',
      pressed: 'ordered',
      run: (c) => c.toggleOrderedList(),
      children: '1. List',
    },
  ],
  [
    { label: 'Link', shortcut: 'K', pressed: 'link', run: 'link', children: 'Link' },
    { label: 'Picture', run: 'image', children: 'Picture' },
  ],
  [
    { label: 'Undo', shortcut: 'Z', enabled: 'canUndo', run: (c) => c.undo(), children: 'Undo' },
    { label: 'Redo', shortcut: 'Shift+Z', enabled: 'canRedo', run: (c) => c.redo(), children: 'Redo' },
  ],
];

/** The formatting toolbar: each button says whether it is pressed, and its shortcut. */
export function Toolbar({
  editor,
  onLink,
  onImage,
}: {
  editor: Editor;
  onLink: () => void;
  onImage: () => void;
}) {
  const state: ToolState = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const use = ({ run }: ToolSpec) => {
    if (run === 'link') onLink();
    else if (run === 'image') onImage();
    else run(editor.chain().focus()).run();
  };
  return (
    <div className="rte-toolbar" role="toolbar" aria-label="Formatting">
      {TOOLS.map((group, i) => (
        <Fragment key={group[0]?.label}>
          {i > 0 && <span className="rte-sep" aria-hidden="true" />}
          {group.map((tool) => (
            <ToolButton
              key={tool.label}
              label={tool.label}
              shortcut={tool.shortcut}
              pressed={tool.pressed && state[tool.pressed]}
              disabled={tool.enabled && !state[tool.enabled]}
              onClick={() => use(tool)}
            >
              {tool.children}
            </ToolButton>
          ))}
        </Fragment>
      ))}
    </div>
  );
}

interface Tool {
  label: string;
  shortcut?: string | undefined;
  pressed?: boolean | undefined;
  disabled?: boolean | undefined;
  onClick: () => void;
  children: ReactNode;
}

function ToolButton({ label, shortcut, pressed, disabled, onClick, children }: Tool) {
  const mod = isMac() ? 'Meta' : 'Control';
  const modName = isMac() ? '⌘' : 'Ctrl';
  const keys = shortcut && `${mod}+${shortcut}`;
  const hint = shortcut && `${modName}+${shortcut}`;
  return (
    <button
      type="button"
      className="rte-button"
      aria-label={label}
      title={hint ? `${label} (${hint})` : label}
      {...(keys ? { 'aria-keyshortcuts': keys } : {})}
      {...(pressed !== undefined ? { 'aria-pressed': pressed } : {})}
      aria-disabled={disabled || undefined}
      // Keeps the text selection in the editor while the button is pressed.
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => {
        if (!disabled) onClick();
      }}
    >
      {children}
    </button>
  );
}
