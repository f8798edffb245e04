import { describe, expect, it } from 'vitest';
import {
  formatTypableLine,
  maskCardNumber,
  maskCvv,
  maskExpiration,
  maskRegistryCode,
  maskZipcode,
} from './masks';

describe('payment masks', () => {
  it('place CPF, CNPJ, CEP, card, expiry and CVV digits in their patterns', () => {
    expect(maskRegistryCode('529.982.247-25')).toBe('529.982.247-25');
    expect(maskRegistryCode('11222333000181')).toBe('11.222.333/0001-81');
    expect(maskZipcode('85801000')).toBe('85801-000');
    expect(maskCardNumber('4111111111111111', 'visa')).toBe('4111 1111 1111 1111');
    expect(maskCardNumber('36227206271667', 'diners_club')).toBe('3622 720627 1667');
    expect(maskExpiration('1a2/2030')).toBe('12/2030');
    expect(maskCvv('12345', 'visa')).toBe('123');
    expect(maskCvv('12345', 'american_express')).toBe('1234');
  });

  it('writes a 47-digit typable line the way slips print it', () => {
    expect(formatTypableLine('00090000010000001795446244592914316420000014900')).toBe(
      '00090.00001 00000.017954 46244.592914 3 16420000014900',
    );
    expect(formatTypableLine('34191.79001 01043')).toBe('34191.79001 01043');
  });
});
