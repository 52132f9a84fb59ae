import type { UserEvent } from '@testing-library/user-event';

/**
 * Puts `text` into an empty field in one go, as a person pasting it would: for tests about what a
 * form shows or sends, not about keystrokes. Typing through user-event re-renders the whole form on
 * every key, so a few typed values cost seconds.
 * Keep `user.type` where the keys matter: masks, debounced searches, per-key validation.
 */
export async function fillIn(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}
