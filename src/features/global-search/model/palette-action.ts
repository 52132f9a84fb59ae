/** Something the palette offers besides records: a screen to go to, or a screen's 'Nuevo …' form. */
export interface PaletteAction {
  /** What it says, e.g. 'Ir a Agendamientos', 'Nuevo sponsor'. */
  label: string;
  description?: string;
  /** The panel path it goes to. */
  to: string;
  /** Once there, clicks the screen's 'Nuevo …' button (the one marked for the `n` shortcut). */
  opensForm?: boolean;
}
