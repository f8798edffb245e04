import type * as PhoneLibrary from 'libphonenumber-js/min';

/**
 * The phone rules of @lavoura/domain (libphonenumber-js and its metadata, about 35 kB gzip) on the
 * web: vite.config.ts points the domain's `libphonenumber-js/min` import here, so the library is a
 * chunk of its own that the areas editing phones load first (`loadPhoneRules`, awaited with their
 * chunk), and the sign-in pages never download it. The server and the tests use the library
 * itself, so the rules are the same everywhere.
 */
let library: typeof PhoneLibrary | undefined;

export async function loadPhoneRules(): Promise<void> {
  library ??= await import('libphonenumber-js/min');
}

function loaded(): typeof PhoneLibrary {
  if (!library) throw new Error('Phone rules used before loadPhoneRules()');
  return library;
}

export const parsePhoneNumberFromString: typeof PhoneLibrary.parsePhoneNumberFromString = (
  ...args: Parameters<typeof PhoneLibrary.parsePhoneNumberFromString>
) => loaded().parsePhoneNumberFromString(...args);

export const isValidPhoneNumber: typeof PhoneLibrary.isValidPhoneNumber = (
  ...args: Parameters<typeof PhoneLibrary.isValidPhoneNumber>
) => loaded().isValidPhoneNumber(...args);
