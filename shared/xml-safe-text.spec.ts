import { describe, expect, it } from 'vitest';
import { hasXmlUnsafeChar, xmlSafeText } from './xml-safe-text.js';

const C0_REFUSED = [...Array(0x20).keys()].filter((c) => c !== 0x09 && c !== 0x0a && c !== 0x0d);
const PLANE_NONCHARACTERS = [...Array(17).keys()].flatMap((p) => [p * 0x10000 + 0xfffe, p * 0x10000 + 0xffff]);
const FDD0_BLOCK = [...Array(0x20).keys()].map((n) => 0xfdd0 + n);

const hex = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

describe('hasXmlUnsafeChar / xmlSafeText', () => {
  it.each(C0_REFUSED.map((c) => [hex(c), c]))('refuses the C0 control %s and drops it', (_, c) => {
    const s = `Ann${String.fromCodePoint(c)}a`;
    expect(hasXmlUnsafeChar(s)).toBe(true);
    expect(xmlSafeText(s)).toBe('Anna');
  });

  it('keeps tab, line feed and carriage return', () => {
    const s = 'line one\r\nline two\tend\n';
    expect(hasXmlUnsafeChar(s)).toBe(false);
    expect(xmlSafeText(s)).toBe(s);
  });

  it.each([...FDD0_BLOCK, ...PLANE_NONCHARACTERS].map((c) => [hex(c), c]))(
    'refuses the noncharacter %s and drops it (whole, not half a pair)',
    (_, c) => {
      const s = `x${String.fromCodePoint(c)}y`;
      expect(hasXmlUnsafeChar(s)).toBe(true);
      expect(xmlSafeText(s)).toBe('xy');
    },
  );

  it('keeps the neighbours of the noncharacters', () => {
    for (const c of [0xfdcf, 0xfdf0, 0xfffd, 0x1fffd, 0x20000, 0x10fffd, 0xe000, 0xd7ff]) {
      const s = `a${String.fromCodePoint(c)}b`;
      expect(hasXmlUnsafeChar(s), hex(c)).toBe(false);
      expect(xmlSafeText(s)).toBe(s);
    }
  });

  it('refuses lone surrogates, high or low, anywhere, and drops only them', () => {
    const cases: [string, string][] = [
      ['a\uD83Db', 'ab'], // high without its low
      ['a\uDE00b', 'ab'], // low without its high
      ['\uD83D', ''], // high at the end
      ['\uDE00', ''], // low at the start
      ['\uDE00\uD83D', ''], // low then high: both lone
      ['\uD83D\uD83D\uDE00', '\u{1F600}'], // a lone high, then a pair
      ['\uD83D\uDE00\uDE00', '\u{1F600}'], // a pair, then a lone low
      ['\uDBFF', ''],
      ['\uDC00', ''],
    ];
    for (const [s, safe] of cases) {
      expect(hasXmlUnsafeChar(s), JSON.stringify(s)).toBe(true);
      expect(xmlSafeText(s)).toBe(safe);
    }
  });

  it('keeps astral characters, emoji and scripts whole', () => {
    for (const s of [
      '😀 María 👩🏽‍👩🏽‍👧🏽',
      '𝒜𝓁𝒾𝒸𝒾𝒶',
      '𠀀𪚥 王小明',
      'محمد علي',
      'हिन्दी',
      '\u{10000}\u{10FFFD}',
      '🇹🇹',
      'zero\u200Bwidth \u202Ebidi\u202C',
      '\u007F\u0085\u009F',
    ]) {
      expect(hasXmlUnsafeChar(s), s).toBe(false);
      expect(xmlSafeText(s)).toBe(s);
    }
  });

  it('drops every unsafe character of a long text, and is not stateful between calls', () => {
    const s = 'a\uFFFFb\u0000c\uD800d\u{10FFFF}e';
    expect(xmlSafeText(s)).toBe('abcde');
    for (let n = 0; n < 3; n++) expect(hasXmlUnsafeChar('\uFFFF')).toBe(true);
    expect(hasXmlUnsafeChar('')).toBe(false);
  });
});
