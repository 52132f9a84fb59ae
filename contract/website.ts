// No zod here: the panel's sponsor pieces use this without loading the schemas.

const MAX_URL_LENGTH = 2048;

/** A scheme such as `javascript:` or `https:`, but not the port in `localhost:3000`. */
const SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d)/i;

/**
 * The address to store or open for a website typed by a person: trimmed, `https://` added when
 * the scheme is missing, and null unless it is a valid http or https URL with a host. Both the
 * server (to store it normalised) and the panel ('Visitar sitio') use it, so nothing else than
 * http(s) is ever opened.
 */
export function websiteHref(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  if (text === '' || text.length > MAX_URL_LENGTH || /\s/.test(text)) return null;
  const candidate = SCHEME.test(text) ? text : `https://${text.replace(/^\/+/, '')}`;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return null;
  // Keep what the person typed (no trailing slash added to a bare host).
  return candidate;
}
