import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

/**
 * A local stand-in for Google's token issuer, on 127.0.0.1: it publishes its public keys as a JWKS
 * (and the OpenID discovery document pointing at them) and signs ID tokens with RS256 the way
 * Google does. Point GOOGLE_ISSUER and GOOGLE_JWKS_URL at it. `jwksHits` counts key fetches;
 * `rotate()` starts signing with a new key and publishes both, as Google does during a rotation.
 */
export interface GoogleIssuer {
  issuer: string;
  jwksUrl: string;
  /** How many times the JWKS was fetched. */
  readonly jwksHits: number;
  /** An ID token with Google's claims; `claims` overrides or (with undefined) removes them. */
  sign(
    claims: Record<string, unknown>,
    options?: { audience?: string; expiresIn?: string | number; key?: 'own' | 'foreign' },
  ): Promise<string>;
  rotate(): Promise<void>;
  close(): Promise<void>;
}

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

async function newKey(kid: string): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

export async function startGoogleIssuer(clientId: string): Promise<GoogleIssuer> {
  let keys = [await newKey('key-1')];
  // Signs with the same kid as ours but is never published: a forged signature.
  const foreign = await newKey('key-1');
  let hits = 0;
  const server = createServer((req, res) => {
    const json = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/oauth2/v3/certs') {
      hits += 1;
      return json({ keys: keys.map((k) => k.publicJwk) });
    }
    if (req.url === '/.well-known/openid-configuration') {
      return json({
        issuer,
        jwks_uri: `${issuer}/oauth2/v3/certs`,
        id_token_signing_alg_values_supported: ['RS256'],
      });
    }
    res.writeHead(404).end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    jwksUrl: `${issuer}/oauth2/v3/certs`,
    get jwksHits() {
      return hits;
    },
    async sign(claims, options = {}) {
      const key = options.key === 'foreign' ? foreign : keys[keys.length - 1]!;
      const payload = Object.fromEntries(
        Object.entries({ email_verified: true, name: 'Pessoa do Google', ...claims }).filter(
          ([, v]) => v !== undefined,
        ),
      );
      const jwt = new SignJWT(payload)
        .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
        .setIssuer((claims.iss as string | undefined) ?? issuer)
        .setAudience(options.audience ?? clientId)
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? '1h');
      return jwt.sign(key.privateKey);
    },
    async rotate() {
      keys = [...keys, await newKey(`key-${keys.length + 1}`)];
    },
    async close() {
      server.close();
      await once(server, 'close');
    },
  };
}
