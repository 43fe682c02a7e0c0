import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

const IV_BYTES = 12
const TAG_BYTES = 16

/** AES-256-GCM; the stored form is iv | tag | ciphertext, and `context` (e.g. the job id) is bound as AAD. */
export function encrypt(key: Buffer, plain: Uint8Array, context: string): Buffer {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(context))
  const body = Buffer.concat([cipher.update(plain), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), body])
}

export function decrypt(key: Buffer, stored: Uint8Array, context: string): Buffer {
  const buf = Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength)
  if (buf.length < IV_BYTES + TAG_BYTES) throw new Error('Stored file is too short to be an encrypted blob.')
  const decipher = createDecipheriv('aes-256-gcm', key, buf.subarray(0, IV_BYTES))
  decipher.setAAD(Buffer.from(context))
  decipher.setAuthTag(buf.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
  return Buffer.concat([decipher.update(buf.subarray(IV_BYTES + TAG_BYTES)), decipher.final()])
}
