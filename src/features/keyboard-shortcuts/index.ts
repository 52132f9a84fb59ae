export type { GoToShortcut } from './model/shortcuts';
export { KeyboardShortcuts, type KeyboardShortcutsProps } from './ui/keyboard-shortcuts';
