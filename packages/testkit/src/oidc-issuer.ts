import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect issuer (oidc-provider) for tests of federated sign-in. Its sign-in page
 * asks for an email and a name ("Email", "Name", button "Continue") and signs in as that person;
 * consent is granted automatically, as for a first-party client.
 */
export interface OidcIssuer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Marks the next sign-ins of `email` as having an unverified address at the issuer. */
  markUnverified(email: string): void;
  close(): Promise<void>;
}

interface Account {
  email: string;
  name: string;
  emailVerified: boolean;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function signInPage(uid: string): string {
  return `<!doctype html><html lang="en"><head><title>Test issuer sign-in</title></head><body>
<main><h1>Sign in to the test issuer</h1>
<form method="post" action="/interaction/${escapeHtml(uid)}">
<label>Email <input name="email" type="email" required></label>
<label>Name <input name="name" type="text"></label>
<button type="submit">Continue</button>
</form></main></body></html>`;
}

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.from(chunk));
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startOidcIssuer(options: { redirectUris: string[]; port?: number }): Promise<OidcIssuer> {
  const accounts = new Map<string, Account>();
  const unverified = new Set<string>();
  const clientId = 'deckhand-test';
  const clientSecret = 'deckhand-test-secret-that-is-long-enough';
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    // Google puts the profile claims in the ID token; do the same.
    conformIdTokenClaims: false,
    cookies: { keys: ['deckhand-test-issuer-cookie-key'] },
    // Explicit lifetimes (seconds), which also keeps the provider from printing a notice per artifact.
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async loadExistingGrant(ctx) {
      const accountId = ctx.oidc.session?.accountId;
      const clientIdOfRequest = ctx.oidc.client?.clientId;
      if (!accountId || !clientIdOfRequest) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: clientIdOfRequest, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: account.email,
          email_verified: account.emailVerified,
          name: account.name,
          picture: `https://avatars.example.test/${encodeURIComponent(sub)}.png`,
        }),
      };
    },
  });
  const callback = provider.callback();

  server.on('request', (req, res) => {
    const match = /^\/interaction\/([^/?]+)$/.exec(req.url ?? '');
    if (!match) {
      callback(req, res);
      return;
    }
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        if (req.method === 'GET') {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end(signInPage(details.uid));
          return;
        }
        const form = await readForm(req);
        const email = (form.get('email') ?? '').trim().toLowerCase();
        const sub = `sub-${email}`;
        accounts.set(sub, {
          email,
          name: form.get('name') || email.split('@')[0] || 'Someone',
          emailVerified: !unverified.has(email),
        });
        await provider.interactionFinished(req, res, { login: { accountId: sub } }, { mergeWithLastSubmission: false });
      } catch (err) {
        res.writeHead(400, { 'content-type': 'text/plain' });
        res.end(err instanceof Error ? err.message : 'interaction failed');
      }
    })();
  });

  return {
    issuer,
    clientId,
    clientSecret,
    markUnverified: (email) => unverified.add(email.toLowerCase()),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
