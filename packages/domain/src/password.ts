/** The password rule everywhere a password is set: 8+ characters with upper case, lower case and a digit. */
export const PASSWORD_MIN_LENGTH = 8;

export interface PasswordCheck {
  length: boolean;
  upper: boolean;
  lower: boolean;
  digit: boolean;
}

export function checkPassword(password: string): PasswordCheck {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH,
    upper: /\p{Lu}/u.test(password),
    lower: /\p{Ll}/u.test(password),
    digit: /\d/.test(password),
  };
}

export function isStrongPassword(password: string): boolean {
  return Object.values(checkPassword(password)).every(Boolean);
}
