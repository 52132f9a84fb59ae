import type { ReactNode } from 'react';
import './inline-fact.css';

export interface InlineFactProps {
  label: string;
  children: ReactNode;
  /** Cut a long value to one line, ending in '…'; otherwise it wraps, anywhere if it must. */
  truncate?: boolean;
}

/**
 * One 'Label: value' line of a record card, the label in grey. Plain elements rather than two
 * Mantine Texts: a page of cards shows dozens of these, and on a phone their render was a good part
 * of the list's.
 */
export function InlineFact({ label, children, truncate = false }: InlineFactProps) {
  return (
    <p className={truncate ? 'inline-fact inline-fact--truncate' : 'inline-fact'}>
      <span className="inline-fact__label">{`${label}: `}</span>
      {children}
    </p>
  );
}
