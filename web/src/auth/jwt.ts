/** Reads a JWT's claims without verifying it: the server verifies; the client only needs expiry and roles. */
export interface AccessClaims {
  sub?: string;
  typ?: 'user' | 'guest';
  roles?: string[];
  email?: string;
  exp?: number;
}

export function readClaims(token: string): AccessClaims {
  const payload = token.split('.')[1];
  if (!payload) return {};
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = decodeURIComponent(
      Array.from(atob(base64), (c) => '%' + c.charCodeAt(0).toString(16).padStart(2, '0')).join(''),
    );
    return JSON.parse(json) as AccessClaims;
  } catch {
    return {};
  }
}

/** A token counts as expired 30 s early so a request never leaves with a token that dies on the way. */
export function isExpired(token: string, nowMs = Date.now()): boolean {
  const { exp } = readClaims(token);
  return typeof exp === 'number' && exp * 1000 - 30_000 <= nowMs;
}
