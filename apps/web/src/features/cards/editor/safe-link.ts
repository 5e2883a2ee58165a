/** A link address for the selected text: http(s) and mailto only, so no `javascript:` link can be stored. */
export function safeLinkHref(input: string): string | null {
  const value = input.trim();
  if (value === '') return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.toString() : null;
  } catch {
    return null;
  }
}
