import { createHash } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id (the library default algorithm) with OWASP's minimum cost: 19 MiB, 2 passes.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

/**
 * Stored form: argon2id over md5(password) as lower-case hex, marked by this prefix, so one account
 * signs on from our portal (which sends the password itself) and from a BladeX client (which sends
 * md5(password), README "Using a BladeX/Saber client"). Hashes without the prefix were made over the
 * password itself before that; they are replaced at the next sign-on that sends the password itself.
 */
const MD5_FORM_PREFIX = 'md5:';

/** md5 as BladeX's clients send it: 32 lower-case hex digits of the UTF-8 password. */
export const md5Hex = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/** A password sent in BladeX's md5 form (32 hex digits) rather than as itself. */
export const isMd5Form = (text: string) => /^[0-9a-fA-F]{32}$/.test(text);

/** What is hashed for a password as sent: the md5 form as it is, any other text through md5. */
const md5FormOf = (sent: string) => (isMd5Form(sent) ? sent.toLowerCase() : md5Hex(sent));

export const hashPassword = async (password: string) => MD5_FORM_PREFIX + (await hash(md5FormOf(password), OPTIONS));

async function argonVerify(hashText: string, text: string): Promise<boolean> {
  try {
    return await verify(hashText, text);
  } catch {
    return false;
  }
}

export interface PasswordCheck {
  ok: boolean;
  /** The stored hash is the older form over the password itself: store `hashPassword(sent)` now. */
  rehash: boolean;
}

/**
 * Checks a password as sent (itself, or its md5 form) against a stored hash. A 32-hex text is tried as
 * the md5 form first and then as a password of its own (whose md5 is hashed), so a password that
 * happens to look like a hash still works. An older hash over the password itself can only be checked
 * with the password itself.
 */
export async function checkPassword(hashText: string, sent: string): Promise<PasswordCheck> {
  if (hashText.startsWith(MD5_FORM_PREFIX)) {
    const stored = hashText.slice(MD5_FORM_PREFIX.length);
    if (isMd5Form(sent) && (await argonVerify(stored, sent.toLowerCase()))) return { ok: true, rehash: false };
    return { ok: await argonVerify(stored, md5Hex(sent)), rehash: false };
  }
  const ok = await argonVerify(hashText, sent);
  return { ok, rehash: ok };
}

export async function verifyPassword(hashText: string, sent: string): Promise<boolean> {
  return (await checkPassword(hashText, sent)).ok;
}
