import { onceVapid, vapidKeysFromSeed, type VapidSource } from './vapid.js';

/**
 * The VAPID keys on AWS: derived from the seed CloudFormation generated once
 * into a Secrets Manager secret (infra: `VapidSeed`), read on first use by
 * the functions granted it (the API publishing the public key, the push and
 * delivery functions signing). The client is loaded on first use, so a
 * function that never pushes never loads it.
 */
export function secretsManagerVapid(secretId: string, subject: string): VapidSource {
  return onceVapid(async () => {
    const { GetSecretValueCommand, SecretsManagerClient } = await import('@aws-sdk/client-secrets-manager');
    const output = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: secretId }));
    if (!output.SecretString) throw new Error(`secret ${secretId} holds no string`);
    return vapidKeysFromSeed(output.SecretString, subject);
  });
}
