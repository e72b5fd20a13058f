import { describe, expect, it } from 'vitest';
import { POSTAL_ADDRESS } from '../../test/postal-address.ts';
import { encodeCode39 } from './code39.ts';
import { formatAddressLines, type TPostalAddress } from './postal-address.ts';

const MADRID: TPostalAddress = {
  ...POSTAL_ADDRESS,
  receiverName: 'Lucía Fernández',
  streetNumType: 'NUM',
};

describe('window address', () => {
  it('writes a Spanish address without a country line and without repeating the province', () => {
    expect(formatAddressLines(MADRID, 'es-es')).toEqual(['Lucía Fernández', 'Calle Mayor, 7', '3º B', '28013 Madrid']);
  });

  it('writes the number kind and the country of a foreign address in the letter language', () => {
    const lines = formatAddressLines(
      {
        ...MADRID,
        streetType: 'RUA',
        street: 'Augusta',
        streetNumType: 'KM',
        streetNumber: '12',
        addressExtra: null,
        postalCode: '1100-053',
        city: 'Lisboa',
        province: 'Lisboa',
        country: 'PT',
      },
      'pt-pt',
    );
    expect(lines).toEqual(['Lucía Fernández', 'Rua Augusta, Km 12', '1100-053 Lisboa', 'PORTUGAL']);
  });

  it('writes s/n for an address without number and leaves out empty parts', () => {
    expect(
      formatAddressLines(
        { ...MADRID, streetNumType: 'SN', streetNumber: null, addressExtra: null, province: 'Toledo' },
        'en-en',
      ),
    ).toEqual(['Lucía Fernández', 'Calle Mayor, s/n', '28013 Madrid', 'Toledo']);
  });
});

describe('Code 39', () => {
  it('frames the value with start and stop characters of five bars each', () => {
    const bars = encodeCode39('0A');
    // *, 0, A, * → four characters of five bars.
    expect(bars).toHaveLength(20);
    expect(bars.filter(([, width]) => width === 3).length).toBeGreaterThan(0);
    // `0` is n n n w w n w n n (bar, space, bar, …): its bars are n, n, w, w, n.
    expect(bars.slice(5, 10).map(([, width]) => width)).toEqual([1, 1, 3, 3, 1]);
    // `*` (n w n n w n w n n) is 15 units wide plus its gap, so `0` starts at 16.
    expect(bars[5]![0]).toBe(16);
  });

  it('refuses characters it cannot encode', () => {
    expect(() => encodeCode39('a')).toThrow();
  });
});
