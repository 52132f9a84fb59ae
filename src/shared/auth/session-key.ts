/** Where the session is persisted (localStorage); the build's preload script reads it too (vite.config.ts). */
export const SESSION_STORAGE_KEY = 'panel-de-control.session';
