/** A character as the search compares it: without accents, in lower case ('Í' → 'i'). */
const foldChar = (char: string) => char.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

/** Text as the search compares it: ignoring case and accents ('Categorías' → 'categorias'). */
export const fold = (text: string) => [...text].map(foldChar).join('');

/**
 * The part of `text` that `query` matches the way the server searches, ignoring case and accents
 * ('peru' → 'Perú'), so it can be highlighted as written; null when the query is not in the text
 * (a record found by its DNI or e-mail shows no highlight in its name).
 */
export function matchedPart(text: string, query: string): string | null {
  const wanted = fold(query.trim());
  if (!wanted) return null;
  // Each character of the text folded, with where it starts, to map a match back to what is shown.
  const chars = [...text];
  let folded = '';
  const startOf: number[] = [];
  let offset = 0;
  for (const char of chars) {
    const piece = foldChar(char);
    for (let i = 0; i < piece.length; i += 1) startOf.push(offset);
    folded += piece;
    offset += char.length;
  }
  const at = folded.indexOf(wanted);
  if (at === -1) return null;
  const start = startOf[at] ?? 0;
  const lastStart = startOf[at + wanted.length - 1] ?? start;
  const lastChar = text.slice(lastStart).codePointAt(0);
  let end = lastStart + (lastChar === undefined ? 0 : String.fromCodePoint(lastChar).length);
  // An accent written as a character of its own belongs to the letter before it.
  while (end < text.length && /\p{M}/u.test(text.charAt(end))) end += 1;
  return text.slice(start, end);
}
