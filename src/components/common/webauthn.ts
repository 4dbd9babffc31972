/**
 * The browser's half of WebAuthn: the server's options (JSON, binary fields in base64url, as
 * @simplewebauthn/server writes them) into navigator.credentials, and the key's answer back to JSON
 * in the shape the server's library reads.
 */

type Json = Record<string, unknown>;
type Descriptor = { id: string; type: string; transports?: string[] };

const fromB64url = (text: string): ArrayBuffer => {
  const base64 = text
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(text.length / 4) * 4, "=");
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return bytes.buffer;
};

const toB64url = (buffer: ArrayBuffer): string => {
  let binary = "";
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
};

const descriptors = (list: unknown) =>
  ((list as Descriptor[] | undefined) ?? []).map((d) => ({
    ...d,
    type: "public-key" as const,
    id: fromB64url(d.id),
    transports: d.transports as AuthenticatorTransport[] | undefined,
  }));

/** Whether this browser can use a security key or passkey at all. */
export const webauthnAvailable = () => typeof window !== "undefined" && !!window.PublicKeyCredential;

/** navigator.credentials.create() with registration options; the attestation as JSON. */
export async function createCredential(options: Json): Promise<Json> {
  const user = options.user as { id: string; name: string; displayName: string };
  const credential = (await navigator.credentials.create({
    publicKey: {
      ...(options as unknown as PublicKeyCredentialCreationOptions),
      challenge: fromB64url(options.challenge as string),
      user: { ...user, id: fromB64url(user.id) },
      excludeCredentials: descriptors(options.excludeCredentials),
    },
  })) as PublicKeyCredential | null;
  if (!credential) throw new Error("The security key gave no answer");
  const response = credential.response as AuthenticatorAttestationResponse;
  return {
    ...common(credential),
    response: {
      clientDataJSON: toB64url(response.clientDataJSON),
      attestationObject: toB64url(response.attestationObject),
      transports: response.getTransports?.() ?? [],
    },
  };
}

/** navigator.credentials.get() with authentication options; the assertion as JSON. */
export async function getCredential(options: Json): Promise<Json> {
  const credential = (await navigator.credentials.get({
    publicKey: {
      ...(options as unknown as PublicKeyCredentialRequestOptions),
      challenge: fromB64url(options.challenge as string),
      allowCredentials: descriptors(options.allowCredentials),
    },
  })) as PublicKeyCredential | null;
  if (!credential) throw new Error("The security key gave no answer");
  const response = credential.response as AuthenticatorAssertionResponse;
  return {
    ...common(credential),
    response: {
      clientDataJSON: toB64url(response.clientDataJSON),
      authenticatorData: toB64url(response.authenticatorData),
      signature: toB64url(response.signature),
      ...(response.userHandle ? { userHandle: toB64url(response.userHandle) } : {}),
    },
  };
}

const common = (credential: PublicKeyCredential) => ({
  id: credential.id,
  rawId: toB64url(credential.rawId),
  type: credential.type,
  clientExtensionResults: credential.getClientExtensionResults() as Json,
  ...(credential.authenticatorAttachment ? { authenticatorAttachment: credential.authenticatorAttachment } : {}),
});

/** A refusal of the browser or the key (cancelled, timed out, not allowed) in words. */
export function keyErrorText(err: unknown): string | null {
  if (err instanceof DOMException)
    return err.name === "InvalidStateError"
      ? "This security key is already registered"
      : "The security key did not answer (cancelled or timed out); try again";
  return null;
}
