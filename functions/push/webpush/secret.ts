import { onceVapid, vapidKeysFromSeed, type VapidSource } from './vapid.js';

/**
 * The deployment's seed on AWS: the secret CloudFormation generated once
 * into Secrets Manager (infra: `VapidSeed`), read on first use by the
 * functions granted it, then kept; a failed read is tried again on the next
 * call. The client is loaded on first use, so a function that never pushes
 * or mails never loads it. The VAPID keys derive from it, and so does the
 * key e-mail links are signed with (push/email/tokens.ts), under another label.
 */
export function secretsManagerSeed(secretId: string): () => Promise<string> {
  let kept: Promise<string> | null = null;
  const read = async () => {
    const { GetSecretValueCommand, SecretsManagerClient } = await import('@aws-sdk/client-secrets-manager');
    const output = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: secretId }));
    if (!output.SecretString) throw new Error(`secret ${secretId} holds no string`);
    return output.SecretString;
  };
  return () => {
    kept ??= read().catch((error: unknown) => {
      kept = null;
      throw error;
    });
    return kept;
  };
}

/** The VAPID keys derived from the seed. */
export function secretsManagerVapid(seed: () => Promise<string>, subject: string): VapidSource {
  return onceVapid(async () => vapidKeysFromSeed(await seed(), subject));
}
