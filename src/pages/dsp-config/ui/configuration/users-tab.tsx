import type { Dsp } from '@/entities/dsp';

/** Placeholder: replaced by its own slice of work. */
export function UsersTab({ dsp }: { dsp: Dsp }) {
  return <p>{dsp.name}</p>;
}
