/**
 * The forms in which a secret the extension sends can come back in a provider's or a library's error text, and the
 * one scrub that replaces them. A provider that quotes a request back may quote any of what was sent: the raw value,
 * its URL encoding (encodeURIComponent's %20, or a form's `+`, with upper- or lower-case hex), its base64 (standard or
 * URL-safe, with or without padding), and for an application secret the HTTP Basic value (`id:secret` in base64, with
 * each part form-encoded first as sent, or raw as a provider may rebuild it).
 */

/** Shorter values are not treated as secrets: scrubbing them would blank ordinary words in every message. */
export const MIN_SECRET_LENGTH = 8;

const utf8Base64 = (text: string): string => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

const basicPair = (user: string, secret: string) => `${encodeURIComponent(user)}:${encodeURIComponent(secret)}`;

/** The value of an HTTP Basic header for an application (RFC 6749 §2.3.1: each part form-encoded first). */
export function basicCredentials(user: string, secret: string): string {
  return utf8Base64(basicPair(user, secret));
}

/** Base64 with and without its padding, and its URL-safe twin (longest first, so padding goes with its value). */
const base64Forms = (text: string): string[] => {
  const padded = utf8Base64(text);
  const plain = padded.replace(/=+$/, '');
  return [padded, plain, plain.replace(/\+/g, '-').replace(/\//g, '_')];
};

const lowerHex = (text: string) => text.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase());

/**
 * Every form of a secret, longest first (a form that contains another is replaced whole). `user` is the application
 * id sent beside the secret in a Basic header. Empty for a value too short to be a secret.
 */
export function secretForms(secret: string, user?: string): string[] {
  if (secret.length < MIN_SECRET_LENGTH) return [];
  const uri = encodeURIComponent(secret);
  const form = new URLSearchParams({ v: secret }).toString().slice(2);
  const forms = [secret, uri, lowerHex(uri), form, lowerHex(form), ...base64Forms(secret)];
  if (user !== undefined) forms.push(...base64Forms(basicPair(user, secret)), ...base64Forms(`${user}:${secret}`));
  return [...new Set(forms)].sort((a, b) => b.length - a.length);
}

/** Replaces every given form in a text with ***. */
export function scrubSecrets(text: string, forms: Iterable<string>): string {
  let scrubbed = text;
  for (const form of forms) if (form) scrubbed = scrubbed.split(form).join('***');
  return scrubbed;
}
