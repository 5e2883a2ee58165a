import type { OidcPopupResult } from '@deckhand/contract/auth';
import { escapeHtml } from '../../../platform/html';

/**
 * The page the popup ends on. The result travels as inert JSON, read by a same-origin script
 * (the CSP allows no inline script), which hands it to the opener and closes the popup.
 */
export function popupPage(result: OidcPopupResult): string {
  // `<` is escaped so that no value can close the script element early.
  const json = JSON.stringify(result).replaceAll('<', '\\u003c');
  const message = result.status === 'ok' ? 'Signed in. You can close this window.' : result.message;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Deckhand sign-in</title>
<script type="application/json" id="deckhand-oidc-result">${json}</script>
<script src="/api/auth/oidc/popup.js" defer></script>
</head>
<body style="font-family:system-ui,sans-serif;padding:2rem">
<main><p id="deckhand-oidc-message">${escapeHtml(message)}</p></main>
</body>
</html>`;
}

/**
 * Posts the result to the opener on our own origin only. Without an opener (blocked popup,
 * opened in a tab) a successful sign-in continues in this window: the refresh cookie is set.
 */
export const popupScript = `(() => {
  const data = JSON.parse(document.getElementById('deckhand-oidc-result').textContent);
  if (window.opener && !window.opener.closed) {
    window.opener.postMessage(data, window.location.origin);
    window.close();
  } else if (data.status === 'ok') {
    window.location.replace('/dashboard');
  }
})();
`;
