import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stem } from './stem.js';
import { splitCamelCase, tokenize, unicodeWords } from './tokenize.js';

describe('tokenize', () => {
  it('splits camelCase, snake_case, kebab-case and dots', () => {
    expect(tokenize('getUserProfile', { stem: false })).toEqual(['get', 'user', 'profile']);
    expect(tokenize('send_email.v2-beta', { stem: false })).toEqual(['send', 'email', 'v2', 'beta']);
    expect(splitCamelCase('parseHTTPResponse')).toBe('parse HTTP Response');
  });

  it('drops stop words and stems lightly', () => {
    expect(tokenize('Searching the files for emails')).toEqual(['search', 'file', 'email']);
    expect(tokenize('created invoices')).toEqual(['create', 'invoice']);
  });

  it('drops what is left of contractions and possessives split at the apostrophe', () => {
    expect(tokenize("I'm checking the user's orders, don't we’ll")).toEqual(['check', 'user', 'order']);
    expect(tokenize('Tesla’s stock')).toEqual(['tesla', 'stock']);
  });

  it("keeps an acronym's plural whole and drops its s, on every path", () => {
    expect(tokenize('NFTs, APIs and user IDs; getURLs')).toEqual(['nft', 'api', 'user', 'id', 'get', 'url']);
    expect(tokenize('NFT API ID')).toEqual(['nft', 'api', 'id']);
    // Not a plural: the s starts a word, or the word is not all capitals.
    expect(tokenize('NFTsale HTTPServer Is', { stopWords: false })).toEqual([
      'nf',
      'tsale',
      'http',
      'server',
      'is',
    ]);
    expect(splitCamelCase('listNFTs and NFTsale')).toBe('list NFTs and NF Tsale');
    // A capital after the s starts the next word (property-test counterexample: the ASCII scan read "APIsAPIs"
    // as AP|Is|APIs while the Unicode path read APIs|APIs).
    expect(tokenize('getAPIsList APIsAPIs NFTs2')).toEqual(['get', 'api', 'list', 'api', 'api', 'nf', 'ts2']);
    expect(unicodeWords('getAPIsList APIsAPIs NFTs2', [])).toEqual([
      'get',
      'api',
      'list',
      'api',
      'api',
      'nf',
      'ts2',
    ]);
    expect(unicodeWords('NFTs é APIs’ ＮＦＴｓ', [])).toEqual(['nft', 'é', 'api', 'nft']);
    expect(tokenize('NFTs é APIs’ ＮＦＴｓ')).toEqual(['nft', 'é', 'api', 'nft']);
  });

  it('turns CJK runs into bigrams and keeps mixed text', () => {
    expect(tokenize('使用必应搜索')).toEqual(['使用', '用必', '必应', '应搜', '搜索']);
    expect(tokenize('查询API状态')).toEqual(['查询', 'api', '状态']);
    expect(tokenize('天')).toEqual(['天']);
    expect(tokenize('ファイルを読む')).toContain('イル');
  });

  it('drops overlong tokens (hashes, base64)', () => {
    expect(tokenize(`id ${'a'.repeat(50)}`)).toEqual(['id']);
  });

  it('tokenises mixed text run by run exactly as the Unicode path does over the whole text', () => {
    // Pieces that stress the run split: camelCase, NFKC (full-width, ligatures, ideographic and no-break
    // spaces), combining marks after a space, CJK, underscores, stop words and overlong words.
    const piece = fc.oneof(
      fc.string({ maxLength: 12, unit: 'grapheme' }),
      fc.string({ maxLength: 12, unit: 'binary' }),
      fc.constantFrom(
        'getHTTPResponse',
        'ＡＰＩ',
        'ﬁle',
        '\u3000',
        '\u00a0',
        '\u0301b',
        '海久水瓶',
        'Café',
        'send_email',
        'the',
        'ÅngströmX',
        'x'.repeat(45),
        '\t',
        '\n',
        ' ',
        '１２Ｅ',
        'NFTs',
        'APIs',
        'IPv4s',
        "user's",
        'don’t',
        'Ｓ',
        's',
      ),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const text = pieces.join('');
        expect(tokenize(text)).toEqual(unicodeWords(text, []));
        expect(tokenize(text, { stem: false, stopWords: false })).toEqual(
          unicodeWords(text, [], false, false),
        );
      }),
      { numRuns: 200 },
    );
  });

  it('never throws and yields short lowercase tokens for any input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200, unit: 'grapheme' }), (text) => {
        for (const token of tokenize(text)) {
          expect(token.length).toBeGreaterThan(0);
          expect(token.length).toBeLessThanOrEqual(40);
          expect(token).toBe(token.toLowerCase());
        }
      }),
    );
  });
});

describe('stem', () => {
  it('conflates common inflections without touching short or non-ASCII words', () => {
    expect(stem('queries')).toBe('query');
    expect(stem('running')).toBe('run');
    expect(stem('updated')).toBe('update');
    expect(stem('called')).toBe('call');
    expect(stem('status')).toBe('status');
    expect(stem('boxes')).toBe('box');
    expect(stem('gas')).toBe('gas');
    expect(stem('café')).toBe('café');
  });

  it('is idempotent on its own output for plain words', () => {
    for (const word of ['emails', 'searching', 'refunded', 'payments', 'invoices']) {
      expect(stem(stem(word))).toBe(stem(word));
    }
  });
});
