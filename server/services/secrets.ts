import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// Data-source passwords at rest: AES-256-GCM with a key derived from APP_SECRET (HKDF-SHA256).
// Stored as `v1.<iv>.<tag>.<ciphertext>`, each part base64url.

const VERSION = 'v1';
const keys = new Map<string, Buffer>();

function keyFrom(appSecret: string): Buffer {
  let key = keys.get(appSecret);
  if (!key) {
    key = Buffer.from(
      hkdfSync('sha256', appSecret, 'brandboard', 'data-source-passwords', 32) as ArrayBuffer,
    );
    keys.set(appSecret, key);
  }
  return key;
}

export function encryptSecret(plain: string, appSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(appSecret), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv, tag, data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** Throws when the value was not made with this APP_SECRET or was tampered with. */
export function decryptSecret(stored: string, appSecret: string): string {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== VERSION || iv === undefined || tag === undefined || data === undefined) {
    throw new Error('Unknown secret format.');
  }
  const decipher = createDecipheriv(
    'aes-256-gcm',
    keyFrom(appSecret),
    Buffer.from(iv, 'base64url'),
  );
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const plain = Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]);
  return plain.toString('utf8');
}
