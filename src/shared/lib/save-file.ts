/**
 * Hands a downloaded file to the browser as a download, under its name. Exports need the session's
 * token, so they are fetched through the API client and saved from memory rather than opened as links.
 */
export const saveFile = (blob: Blob, name: string) => {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(href);
};
