import path from 'node:path';
import type { Config, S3Settings } from '../config/config';
import { diskStorage, type Storage } from './storage';

export async function openS3(s3: S3Settings): Promise<Storage> {
  const { s3Storage } = await import('./s3');
  return s3Storage({
    bucket: s3.bucket,
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    credentials: s3.credentials,
  });
}
export const openDisk = (config: Pick<Config, 'dataDir'>) => diskStorage(path.join(config.dataDir, 'files'));

/** The storage driver the configuration names (STORAGE=disk|s3). */
export async function openStorage(config: Pick<Config, 'dataDir' | 'storage'>): Promise<Storage> {
  if (config.storage.driver === 's3' && config.storage.s3) return openS3(config.storage.s3);
  return openDisk(config);
}
