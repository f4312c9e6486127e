/** Which URL query or fragment parameters carry a secret: shared by the refusal of new configs and the redaction of old. */

/** Parameter names that carry a secret: api-key, key, token, access_token, secret, password, auth… */
const SECRET_PARAM_NAME = /key|token|secret|passw|pwd|auth|signature|credential/i;

/** A bare parameter (no `=`) this long may be a key pasted on its own (`?sk-…`). */
const BARE_KEY_CHARS = 16;

/** Whether the query parameter `name`=`value` carries a secret (by its name, or as a long bare token). */
export function isSecretParam(name: string, value: string): boolean {
  return SECRET_PARAM_NAME.test(name) || (value === '' && name.length >= BARE_KEY_CHARS);
}
