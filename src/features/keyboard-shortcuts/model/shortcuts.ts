/** A screen reached with `g` and then its letter. */
export interface GoToShortcut {
  /** The letter after `g`. */
  key: string;
  /** The screen's name, as its menu entry says it. */
  label: string;
  to: string;
}

/** How long after `g` its second letter still counts. */
export const SEQUENCE_TIMEOUT_MS = 1500;

/** Every shortcut but the `g` ones, as the help dialog lists them. */
export const PAGE_SHORTCUTS: { keys: string[]; description: string }[] = [
  { keys: ['Ctrl', 'K'], description: 'Buscar en todo el panel (⌘ K en Mac)' },
  { keys: ['/'], description: 'Ir al buscador de la página' },
  { keys: ['n'], description: 'Abrir el formulario «Nuevo …» de la página' },
  { keys: ['?'], description: 'Mostrar estos atajos' },
];
