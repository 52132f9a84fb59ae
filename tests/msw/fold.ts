/** Text as the server compares it in searches and unique names: ignoring case and accents ('Vía' matches 'via'). */
export const fold = (text: string | null | undefined) => (text ?? '').normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
