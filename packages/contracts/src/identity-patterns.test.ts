import { describe, expect, it } from 'vitest';
import { isDni, isEntityNif, isIdentityDocument, isMobile, isNie, isNif, normaliseMobile } from './patterns.ts';

describe('isDni', () => {
  it.each(['12345678Z', '00000000T', '99999999R', '12345678z'])('accepts %s', (value) => {
    expect(isDni(value)).toBe(true);
  });
  it.each(['12345678A', '1234567Z', '123456789Z', 'X1234567L', '', '12345678'])('rejects %j', (value) => {
    expect(isDni(value)).toBe(false);
  });
});

describe('isNie', () => {
  it.each(['X1234567L', 'Y1234567X', 'Z1234567R', 'x1234567l'])('accepts %s', (value) => {
    expect(isNie(value)).toBe(true);
  });
  it.each(['X1234567A', 'W1234567L', 'X123456L', '12345678Z'])('rejects %j', (value) => {
    expect(isNie(value)).toBe(false);
  });
});

describe('isEntityNif', () => {
  it.each(['B12345674', 'A58818501', 'Q2826000H', 'P2807900B', 'G12345674', 'G1234567D'])('accepts %s', (value) => {
    expect(isEntityNif(value)).toBe(true);
  });
  it.each(['B12345675', 'B1234567D', 'Q2826000I', 'Q28260008', 'I12345674', 'B1234567'])('rejects %j', (value) => {
    expect(isEntityNif(value)).toBe(false);
  });
});

describe('isNif', () => {
  it.each(['12345678Z', 'B12345674', 'K1234567L', 'L1234567L', 'M1234567L'])('accepts %s', (value) => {
    expect(isNif(value)).toBe(true);
  });
  it.each(['12345678A', 'B12345675', 'K1234567A'])('rejects %j', (value) => {
    expect(isNif(value)).toBe(false);
  });
});

describe('isIdentityDocument', () => {
  it('checks the number of its type, ignoring spaces, dots and dashes', () => {
    expect(isIdentityDocument('DNI', '12.345.678-Z')).toBe(true);
    expect(isIdentityDocument('DNI', 'X1234567L')).toBe(false);
    expect(isIdentityDocument('NIE', 'X-1234567-L')).toBe(true);
    expect(isIdentityDocument('NIF', 'B 12345674')).toBe(true);
    expect(isIdentityDocument('NIF', '12345678B')).toBe(false);
  });
});

describe('normaliseMobile', () => {
  it.each([
    ['612345678', '+34612345678'],
    ['+34 612 345 678', '+34612345678'],
    ['0034712345678', '+34712345678'],
    ['912345678', '+351912345678'],
    ['+351 961 234 567', '+351961234567'],
    ['00351931234567', '+351931234567'],
    ['+447700900123', '+447700900123'],
  ])('reads %s as %s', (value, expected) => {
    expect(normaliseMobile(value)).toBe(expected);
  });
  it.each(['', '12345', '512345678', '+0123456789', '94123456', 'phone', '+34 6123'])('rejects %j', (value) => {
    expect(normaliseMobile(value)).toBeNull();
    expect(isMobile(value)).toBe(false);
  });
});
