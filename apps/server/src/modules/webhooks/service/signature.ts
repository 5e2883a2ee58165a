import { createHmac, randomBytes } from 'node:crypto';

const secretPrefix = 'whsec_';

/** A new signing secret: `whsec_` and the base64 of 32 random bytes, as the Standard Webhooks scheme has it. */
export function newWebhookSecret(): string {
  return `${secretPrefix}${randomBytes(32).toString('base64')}`;
}

/**
 * The `webhook-signature` header of one attempt: `v1,` and the base64 HMAC-SHA256, keyed with the secret's bytes
 * (the base64 after `whsec_`), of `{webhook-id}.{webhook-timestamp}.{body}`.
 */
export function signatureHeader(secret: string, deliveryId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice(secretPrefix.length), 'base64');
  const mac = createHmac('sha256', key).update(`${deliveryId}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}
