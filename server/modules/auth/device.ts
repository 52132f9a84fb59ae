import { UAParser } from 'ua-parser-js';

export const UNKNOWN_DEVICE = 'Dispositivo desconocido';

// Apple's handhelds are named by the device; other phones by their system ('SM-S918B' tells nobody much).
const NAMED_DEVICES = new Set(['iPhone', 'iPad', 'iPod']);

/**
 * A person-readable name for the device of a session, from its User-Agent:
 * 'Chrome 126 en Windows', 'Safari 17 en iPhone', 'Firefox 127 en Linux'; 'Dispositivo desconocido'
 * when neither the browser nor the system is recognised.
 */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return UNKNOWN_DEVICE;
  const { browser, os, device } = UAParser(userAgent);
  // 'Mobile Safari' and 'Mobile Chrome' are Safari and Chrome to the person holding the phone.
  const browserName = browser.name?.replace(/^Mobile /, '');
  const app = browserName ? [browserName, browser.major].filter(Boolean).join(' ') : null;
  const platform = device.model && NAMED_DEVICES.has(device.model) ? device.model : (os.name ?? null);
  if (app && platform) return `${app} en ${platform}`;
  return app ?? platform ?? UNKNOWN_DEVICE;
}
