import type { ReactNode } from 'react';

export interface CellTextProps {
  /** The value, in the table's text size. */
  children: ReactNode;
  /** A smaller grey line under it: a phone, an e-mail, an id, when it happened. */
  detail?: ReactNode;
  weight?: 500 | 600;
  monospace?: boolean;
}

/**
 * A table cell's text, and the grey line under it if any, as Mantine's Text (size sm, and xs
 * dimmed) in a Stack drew them: plain elements (data-table.css), since a page of rows repeats them
 * dozens of times and each Mantine component costs its render, most of all on a phone.
 */
export function CellText({ children, detail, weight, monospace = false }: CellTextProps) {
  const value = (
    <p className="cell-text" data-weight={weight} data-monospace={monospace || undefined}>
      {children}
    </p>
  );
  if (detail === undefined || detail === null) return value;
  return (
    <div className="cell-text-lines">
      {value}
      <p className="cell-text__detail">{detail}</p>
    </div>
  );
}
