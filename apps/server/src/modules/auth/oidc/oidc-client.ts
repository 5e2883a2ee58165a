import type { OidcProvider } from '@deckhand/contract/auth';
import type { Configuration } from 'openid-client';
import type { OidcClientConfig } from '../../../config';
import { AppError } from '../../../platform/errors';

export interface FederatedIdentity {
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string | undefined;
  picture: string | undefined;
}

export interface OidcFlowSecrets {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Imported on first use: most instances never configure an issuer, and start faster without it. */
function openidClient() {
  return import('openid-client');
}

/**
 * One configured issuer. Discovery happens on first use and is cached, so Deckhand starts even
 * while the issuer is unreachable; a failed discovery is retried on the next sign-in.
 */
export function createOidcClient(provider: OidcProvider, settings: OidcClientConfig, publicUrl: string) {
  const redirectUri = `${publicUrl}/api/auth/oidc/${provider}/callback`;
  let discovered: Promise<Configuration> | undefined;

  function configuration(): Promise<Configuration> {
    discovered ??= openidClient()
      .then((client) =>
        client.discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
          // Plain http is only for a local issuer (tests, development); real issuers are https.
          execute: settings.issuer.startsWith('http:') ? [client.allowInsecureRequests] : [],
        }),
      )
      .catch((err: unknown) => {
        discovered = undefined;
        throw new AppError('auth/oidc-failed', 'The sign-in provider cannot be reached', { cause: err });
      });
    return discovered;
  }

  /** Where to send the browser, with PKCE (S256), state and nonce. */
  async function authorizationUrl(): Promise<{ url: URL; secrets: OidcFlowSecrets }> {
    const [client, config] = await Promise.all([openidClient(), configuration()]);
    const secrets = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier: client.randomPKCECodeVerifier(),
    };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(secrets.codeVerifier),
      code_challenge_method: 'S256',
      state: secrets.state,
      nonce: secrets.nonce,
    });
    return { url, secrets };
  }

  /**
   * Exchanges the code (checking state, nonce, PKCE and the ID token's signature) for the identity.
   * @throws auth/oidc-failed
   */
  async function completeSignIn(callbackUrl: URL, secrets: OidcFlowSecrets): Promise<FederatedIdentity> {
    const [client, config] = await Promise.all([openidClient(), configuration()]);
    try {
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        expectedState: secrets.state,
        expectedNonce: secrets.nonce,
        pkceCodeVerifier: secrets.codeVerifier,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error('no ID token');
      // Some issuers keep email and profile out of the ID token; ask userinfo for them then.
      const claims =
        typeof idClaims.email === 'string'
          ? idClaims
          : { ...(await client.fetchUserInfo(config, tokens.access_token, idClaims.sub)), ...idClaims };
      if (typeof claims.email !== 'string' || !claims.email) throw new Error('the issuer shared no email address');
      return {
        subject: idClaims.sub,
        email: claims.email,
        emailVerified: claims.email_verified === true,
        name: typeof claims.name === 'string' ? claims.name : undefined,
        picture: typeof claims.picture === 'string' && /^https?:\/\//.test(claims.picture) ? claims.picture : undefined,
      };
    } catch (err) {
      throw new AppError('auth/oidc-failed', 'Sign-in with the provider failed', { cause: err });
    }
  }

  return { authorizationUrl, completeSignIn };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
