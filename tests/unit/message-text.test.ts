import { describe, expect, it } from 'vitest';
import { cleanMessage } from '@/lib/quote-questions/text';

/** Issue 26: what a guest's question may hide, and what a language needs kept. */
describe('cleanMessage drops every invisible and reading-order character', () => {
  it.each([
    ['U+061C arabic letter mark', '\u061C'],
    ['a tag character (invisible text)', '\u{E0041}\u{E0042}'],
    ['the cancel tag', '\u{E007F}'],
    ['ZWNJ outside a word', '\u200C'],
    ['ZWJ outside a word', '\u200D'],
    ['function application', '\u2061'],
    ['invisible plus', '\u2064'],
    ['Mongolian vowel separator', '\u180E'],
    ['soft hyphen', '\u00AD'],
    ['combining grapheme joiner', '\u034F'],
    ['Hangul choseong filler', '\u115F'],
    ['Hangul filler', '\u3164'],
    ['right-to-left override', '\u202E'],
    ['first strong isolate', '\u2068'],
    ['zero-width space', '\u200B'],
    ['byte order mark', '\uFEFF'],
    ['a NUL and a bell', '\u0000\u0007'],
  ])('%s', (_name, hidden) => {
    expect(cleanMessage(`Ciao ${hidden}tutti ${hidden}!`)).toBe('Ciao tutti !');
  });

  it('keeps ZWNJ and ZWJ inside a word, emoji sequences, tabs and line feeds', () => {
    // Persian "mikhaham" is written with a ZWNJ between its parts; Devanagari "kṣa" with a ZWJ.
    expect(cleanMessage('می\u200Cخواهم')).toBe('می\u200Cخواهم');
    expect(cleanMessage('क्\u200Dष')).toBe('क्\u200Dष');
    const family = '👨\u200D👩\u200D👧';
    const heart = '❤\uFE0F';
    const thumbs = '👍🏽\u200D';
    expect(cleanMessage(`Grazie ${family} ${heart}`)).toBe(`Grazie ${family} ${heart}`);
    expect(cleanMessage(`${thumbs}x`)).toBe('👍🏽x');
    expect(cleanMessage('Riga\tuno\nRiga due')).toBe('Riga\tuno\nRiga due');
  });
});
